import type { Block } from '@eventcast/domain';
import { listedBlocks } from './block-list';

const block = (id: string, type: string): Block => ({ id, serviceId: 'fermenter', type, data: {} });
const BLOCKS = [
  block('SystemInfo', 'SysInfo'),
  block('OnboardPins', 'OnboardPins'),
  block('Beer sensor', 'TempSensorMock'),
  block('Beer setpoint', 'SetpointSensorPair'),
  block('Fridge sensor', 'TempSensorMock'),
];

describe(listedBlocks.name, () => {
  it("lists the user's blocks first, in the controller's order, and the system blocks after them", () => {
    expect(listedBlocks(BLOCKS, { type: '', search: '' }).map(({ id }) => id)).toEqual([
      'Beer sensor',
      'Beer setpoint',
      'Fridge sensor',
      'SystemInfo',
      'OnboardPins',
    ]);
  });

  it('keeps the blocks of the chosen type whose name holds the search, in any case', () => {
    expect(listedBlocks(BLOCKS, { type: 'TempSensorMock', search: ' fridge ' }).map(({ id }) => id)).toEqual([
      'Fridge sensor',
    ]);
    expect(listedBlocks(BLOCKS, { type: '', search: 'INFO' }).map(({ id }) => id)).toEqual(['SystemInfo']);
  });
});
