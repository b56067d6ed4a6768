import { readChangeEvent } from './change-event.util';

const patch = {
  key: 'fermenter',
  type: 'Controller.change',
  data: {
    time: '2026-11-28T14:05:12.345Z',
    kind: 'patched',
    origin: { via: 'rest', by: 'quick action Cold crash' },
    blocks: [
      {
        id: 'Beer setpoint',
        type: 'SetpointSensorPair',
        change: 'changed',
        fields: [{ field: 'storedSetting', from: { value: 20, unit: 'degC' }, to: { value: 4, unit: 'degC' } }],
      },
    ],
  },
};

describe(readChangeEvent.name, () => {
  it('reads a change event as the annotation of its controller, naming the blocks it touched', () => {
    expect(readChangeEvent(patch)).toEqual({
      ok: true,
      content: {
        kind: 'patched',
        controller: 'fermenter',
        blocks: ['Beer setpoint'],
        detail: { changes: patch.data.blocks, origin: { via: 'rest', by: 'quick action Cold crash' } },
      },
    });
  });

  it('reads a start as an annotation of the whole controller', () => {
    const started = { ...patch, data: { ...patch.data, kind: 'started', blocks: [], origin: { via: 'controller' } } };
    expect(readChangeEvent(started)).toMatchObject({ ok: true, content: { kind: 'started', blocks: [] } });
  });

  it.each([
    ['not an object', 'x', 'the payload is not a JSON object'],
    ['no key', { ...patch, key: 7 }, "key must be a controller's id"],
    ['a key no controller has', { ...patch, key: 'Fermenter\n1' }, "key must be a controller's id"],
    ['another type', { ...patch, type: 'Controller.patch' }, 'type must be Controller.change'],
    ['a kind it has not', { ...patch, data: { ...patch.data, kind: 'note' } }, 'data.kind must be one of'],
    ['a block without an id', { ...patch, data: { ...patch.data, blocks: [{ type: 'X' }] } }, 'data.blocks must be'],
    [
      'a block id with a slash',
      { ...patch, data: { ...patch.data, blocks: [{ ...patch.data.blocks[0], id: 'a/b' }] } },
      'data.blocks must be',
    ],
    ['no origin', { ...patch, data: { ...patch.data, origin: undefined } }, 'data.origin must say'],
  ])('refuses %s, saying why', (_case, payload, reason) => {
    const reading = readChangeEvent(payload);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.reason).toContain(reason);
  });
});
