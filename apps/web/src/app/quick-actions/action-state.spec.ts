import type { Block } from '@eventcast/domain';
import { actionState, holds } from './action-state';
import { beer, cellar, controllersOf, degC } from './quick-action.fixtures';

const degF = (value: number | null) => ({ __objtype: 'Quantity', unit: 'degF', value });
const linkTo = (id: string | null) => ({ __objtype: 'Link', type: 'TempSensorInterface', id });

function setpoint(serviceId: string, id: string, data: Record<string, unknown>): Block {
  return { id, serviceId, type: 'SetpointSensorPair', data: { enabled: true, sensorId: linkTo('Sensor'), ...data } };
}

describe('whether a quick action is active', () => {
  it('is active when every patched value holds, and says which do not when not', () => {
    const holding = controllersOf(
      { id: 'fermenter', blocks: [setpoint('fermenter', 'Beer setpoint', { storedSetting: degC(20) })] },
      { id: 'cellar', blocks: [setpoint('cellar', 'Cellar setpoint', { storedSetting: degC(12), enabled: true })] },
    );
    expect(actionState({ patches: [beer, cellar] }, holding)).toEqual({ state: 'active' });
    const changed = controllersOf(
      { id: 'fermenter', blocks: [setpoint('fermenter', 'Beer setpoint', { storedSetting: degC(21) })] },
      { id: 'cellar', blocks: [setpoint('cellar', 'Cellar setpoint', { storedSetting: degC(12), enabled: false })] },
    );
    expect(actionState({ patches: [beer, cellar] }, changed)).toEqual({
      state: 'inactive',
      reason: 'Beer setpoint: Setpoint is 21.00 °C, not 20.00 °C; Cellar setpoint: Enabled is no, not yes',
    });
  });

  it('compares quantities in the unit the controller sends, whatever unit the action was saved in', () => {
    expect(holds(degC(20), degF(68))).toBe(true);
    expect(holds(degF(69.8), degC(21))).toBe(true);
    // 21 degC entered in degF and sent back in degF: two conversions, and the rounding of each.
    expect(holds(degC(21), degF(((21 * 9) / 5 + 32 - 32) * (5 / 9) * (9 / 5) + 32))).toBe(true);
    expect(holds(degC(20), degF(68.1))).toBe(false);
    expect(holds(degC(20), { __objtype: 'Quantity', unit: 'delta_degC', value: 20 })).toBe(false);
    expect(holds(degC(null), degC(null))).toBe(true);
    expect(holds(degC(20), degC(null))).toBe(false);
    expect(holds(degC(20), 20)).toBe(false);
  });

  it('compares a link by the block it names, and other values as they are', () => {
    expect(holds('Sensor', linkTo('Sensor'))).toBe(true);
    expect(holds(null, linkTo(null))).toBe(true);
    expect(holds('Sensor', linkTo('Other'))).toBe(false);
    expect(holds('FILTER_15s', 'FILTER_15s')).toBe(true);
    expect(holds(true, false)).toBe(false);
    expect(holds(50, 50)).toBe(true);
  });

  it('is unknown while a controller it patches is offline or not seen, and inactive when a block is gone', () => {
    const fermenter = {
      id: 'fermenter',
      blocks: [setpoint('fermenter', 'Beer setpoint', { storedSetting: degC(20) })],
    };
    expect(actionState({ patches: [beer, cellar] }, controllersOf(fermenter))).toEqual({
      state: 'unknown',
      reason: 'cellar has not been seen on the bus',
    });
    expect(actionState({ patches: [beer, cellar] }, controllersOf(fermenter, { id: 'cellar', online: false }))).toEqual(
      {
        state: 'unknown',
        reason: 'cellar is offline',
      },
    );
    expect(actionState({ patches: [beer, cellar] }, controllersOf(fermenter, { id: 'cellar' }))).toEqual({
      state: 'inactive',
      reason: 'Cellar setpoint is not on cellar',
    });
  });
});
