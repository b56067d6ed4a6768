import { link, type Block, type PatchEvent, type StateEvent } from '@eventcast/domain';
import { applyControllerEvent, controllersInOrder, type Controllers } from './controller-list';

const block = (id: string, data: Record<string, unknown> = {}): Block => ({
  id,
  serviceId: 'cellar',
  type: 'TempSensorMock',
  data,
});
const status = { connected: true as const, deviceId: 'C0FFEE', version: 'simulated-1', temperatureUnit: 'degC' };
const state = (key: string, blocks: Block[]): StateEvent => ({
  key,
  type: 'Controller.state',
  data: { status, blocks, relations: [] },
});
const patch = (key: string, changed: Block[], deleted: string[] = []): PatchEvent => ({
  key,
  type: 'Controller.patch',
  data: { changed, deleted },
});
const none: Controllers = new Map();

describe(applyControllerEvent.name, () => {
  it('shows a controller online with its blocks once its state arrives', () => {
    const controllers = applyControllerEvent(none, state('cellar', [block('Beer sensor')]));

    expect(controllersInOrder(controllers)).toEqual([
      { id: 'cellar', online: true, status, blocks: [block('Beer sensor')], relations: [] },
    ]);
  });

  it('shows a controller whose last will arrived offline, with the blocks last seen', () => {
    const online = applyControllerEvent(none, state('cellar', [block('Beer sensor')]));
    const gone = applyControllerEvent(online, { key: 'cellar', type: 'Controller.state', data: null });

    expect(gone.get('cellar')).toMatchObject({ online: false, status, blocks: [block('Beer sensor')] });
  });

  it('forgets a controller once it was removed, and keeps the others', () => {
    const both = applyControllerEvent(applyControllerEvent(none, state('cellar', [])), state('attic', []));
    const gone = applyControllerEvent(both, { key: 'cellar', type: 'Controller.removed' });

    expect(controllersInOrder(gone).map(({ id }) => id)).toEqual(['attic']);
  });

  it('lists a controller known only from its last will as offline, without blocks', () => {
    const gone = applyControllerEvent(none, { key: 'attic', type: 'Controller.state', data: null });

    expect(controllersInOrder(gone)).toEqual([{ id: 'attic', online: false, blocks: [], relations: [] }]);
  });

  it('replaces the blocks a patch changed, adds new ones and removes the deleted, keeping the order', () => {
    const before = applyControllerEvent(
      none,
      state('cellar', [block('A', { v: 1 }), block('B', { v: 1 }), block('C', { v: 1 })]),
    );
    const after = applyControllerEvent(before, patch('cellar', [block('C', { v: 2 }), block('D')], ['B']));

    expect(after.get('cellar')?.blocks).toEqual([block('A', { v: 1 }), block('C', { v: 2 }), block('D')]);
  });

  it('draws the links a patch leaves: a deleted block takes its links along, a restored one brings them back', () => {
    const pair = (sensor: string | null) =>
      ({ ...block('Pair', { sensorId: link('TempSensorInterface', sensor) }), type: 'SetpointSensorPair' }) as Block;
    const before = applyControllerEvent(none, state('cellar', [block('Sensor'), pair('Sensor')]));
    const deleted = applyControllerEvent(before, patch('cellar', [pair(null)], ['Sensor']));
    const restored = applyControllerEvent(deleted, patch('cellar', [block('Sensor'), pair('Sensor')]));

    expect(deleted.get('cellar')?.relations).toEqual([]);
    expect(restored.get('cellar')?.relations).toEqual([{ source: 'Pair', target: 'Sensor', relation: ['sensorId'] }]);
  });

  it('waits for the state of a controller before applying its patches', () => {
    expect(applyControllerEvent(none, patch('cellar', [block('A')]))).toBe(none);
  });

  it('orders the controllers by id', () => {
    let controllers = applyControllerEvent(none, state('kitchen', []));
    controllers = applyControllerEvent(controllers, state('cellar', []));

    expect(controllersInOrder(controllers).map(({ id }) => id)).toEqual(['cellar', 'kitchen']);
  });
});
