import { link as l, quantity as q } from '@eventcast/domain';
import { BlockType, defineBlockType } from './block-type-definition';
import { findBlockType } from './catalogue';
import { defaultData, newItem } from './defaults';
import { field } from './fields';
import { FieldEntry } from './shape';

describe(defaultData.name, () => {
  it('gives a new block every field, with read-only quantities unknown until the controller computes them', () => {
    const type = findBlockType('SetpointSensorPair');
    expect(type && defaultData(type)).toEqual({
      enabled: true,
      sensorId: l('TempSensorInterface', null),
      storedSetting: q('degC', 20),
      setting: q('degC', null),
      value: q('degC', null),
      valueUnfiltered: q('degC', null),
      filter: 'FILTER_NONE',
      filterThreshold: q('delta_degC', 0),
      claimedBy: l('Any', null),
    });
  });

  it('starts what a brewer would start from: a PWM switching every 4 s, a setpoint pair on at 20 °C, a mock sensor connected at 20 °C', () => {
    const fresh = (name: string) => defaultData(findBlockType(name) as BlockType);
    expect(fresh('ActuatorPwm')).toMatchObject({ period: q('second', 4), maxSetting: 100 });
    expect(fresh('SetpointSensorPair')).toMatchObject({ enabled: true, storedSetting: q('degC', 20) });
    expect(fresh('TempSensorMock')).toMatchObject({ connected: true, setting: q('degC', 20) });
    expect(fresh('Pid')).toMatchObject({ kp: q('1 / degC', 20), ti: q('second', 7200), td: q('second', 0) });
  });

  it('gives the onboard pins their four unclaimed channels', () => {
    const type = findBlockType('OnboardPins');
    expect(type && defaultData(type)).toEqual({
      channels: [1, 2, 3, 4].map((id) => ({ id, claimedBy: l('Any', null) })),
      enableIoSupply12V: false,
    });
  });

  it('gives every call its own copy', () => {
    const type = findBlockType('OnboardPins');
    if (type === undefined) throw new Error('no OnboardPins');
    (defaultData(type)['channels'] as unknown[]).pop();
    expect(defaultData(type)['channels']).toHaveLength(4);
  });
});

describe(newItem.name, () => {
  const probe = defineBlockType({
    name: 'Probe',
    fields: {
      steps: field.array({
        target: field.quantity('degC', { default: 20 }),
        hold: field.quantity('second'),
        reached: field.bool({ readonly: true }),
      }),
    },
  });
  const steps = probe.shape.byName.get('steps') as FieldEntry;

  it("gives a new item its writable fields at their defaults, temperatures in the user's unit", () => {
    expect(newItem(steps, 'degF')).toEqual({ target: q('degF', 68), hold: q('second', 0) });
    expect(newItem(steps, 'degC')).toEqual({ target: q('degC', 20), hold: q('second', 0) });
  });
});
