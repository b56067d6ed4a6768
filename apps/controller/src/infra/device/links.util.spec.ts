import { link as l } from '@eventcast/domain';
import { clearLinksTo } from './links.util';

describe(clearLinksTo.name, () => {
  it('clears links to the given ids at any depth, keeping their interface, and says so', () => {
    const data = {
      sensorId: l('TempSensorInterface', 'Gone'),
      other: l('Any', 'Kept'),
      channels: [{ id: 1, claimedBy: l('Any', 'Gone') }],
    };
    expect(clearLinksTo(data, new Set(['Gone']))).toBe(true);
    expect(data).toEqual({
      sensorId: l('TempSensorInterface', null),
      other: l('Any', 'Kept'),
      channels: [{ id: 1, claimedBy: l('Any', null) }],
    });
  });

  it('leaves data without such links alone', () => {
    const data = { sensorId: l('TempSensorInterface', null), value: { __objtype: 'Quantity', unit: 'degC', value: 1 } };
    expect(clearLinksTo(data, new Set(['Gone']))).toBe(false);
  });
});
