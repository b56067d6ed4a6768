import { link as l, quantity as q } from '@eventcast/domain';
import { defineBlockType } from './block-type-definition';
import { findBlockType } from './catalogue';
import { field } from './fields';
import { toLoggedData, toStoredData, toUserUnits } from './projections';

function type(name: string) {
  const found = findBlockType(name);
  if (found === undefined) throw new Error(`no type ${name}`);
  return found;
}

const PID = type('Pid');
/** The Pid's plain numbers: the logged data keeps them as they are. */
const PID_NUMBERS = { p: 18, i: 0.5, d: 0, outputSetting: 18.5, outputValue: 18.5, integral: 300, derivative: 0 };
const PID_DATA = {
  enabled: true,
  active: false,
  inputId: l('SetpointSensorPairInterface', 'Beer setpoint'),
  outputId: l('ActuatorAnalogInterface', 'Heater PWM'),
  kp: q('1 / degC', 18),
  ti: q('second', 600),
  td: q('second', 60),
  inputValue: q('degC', 20),
  inputSetting: q('degC', 21),
  error: q('delta_degC', 1),
  ...PID_NUMBERS,
  integralReset: 0,
};

const MOCK = type('TempSensorMock');
const MOCK_DATA = {
  value: q('degC', 21),
  connected: true,
  setting: q('degC', 20),
  fluctuations: [{ amplitude: q('delta_degC', 0.5), period: q('second', 600) }],
};

const PROBE = defineBlockType({
  name: 'Probe',
  fields: {
    tuning: field.object(
      {
        gain: field.quantity('1 / degC'),
        mode: field.enum(['FAST', 'SLOW']),
        on: field.bool(),
        note: field.string(),
        source: field.link('Any'),
        computed: field.number({ readonly: true }),
      },
      { stored: true, logged: true },
    ),
    steps: field.array({ hold: field.quantity('second'), reached: field.bool({ readonly: true }) }, { stored: true }),
  },
});
const PROBE_DATA = {
  tuning: { gain: q('1 / degC', 9), mode: 'SLOW', on: true, note: 'x', source: l('Any', 'a'), computed: 3 },
  steps: [{ hold: q('second', 60), reached: true }],
};

describe(toStoredData.name, () => {
  it('keeps only the stored fields, as typed Quantity and Link objects in device units', () => {
    expect(toStoredData(PID, PID_DATA)).toEqual({
      enabled: true,
      inputId: l('SetpointSensorPairInterface', 'Beer setpoint'),
      outputId: l('ActuatorAnalogInterface', 'Heater PWM'),
      kp: q('1 / degC', 18),
      ti: q('second', 600),
      td: q('second', 60),
    });
  });

  it('keeps stored arrays with their items', () => {
    expect(toStoredData(MOCK, MOCK_DATA)).toEqual({
      connected: true,
      setting: q('degC', 20),
      fluctuations: MOCK_DATA.fluctuations,
    });
  });

  it('leaves the read-only fields of nested objects and array items out', () => {
    expect(toStoredData(PROBE, PROBE_DATA)).toEqual({
      tuning: { gain: q('1 / degC', 9), mode: 'SLOW', on: true, note: 'x', source: l('Any', 'a') },
      steps: [{ hold: q('second', 60) }],
    });
  });

  it('copies what it returns, so that changing a backup cannot change the block', () => {
    const stored = toStoredData(MOCK, MOCK_DATA);
    (stored['setting'] as { value: number }).value = 99;
    (stored['fluctuations'] as unknown[]).pop();
    expect(MOCK_DATA.setting.value).toBe(20);
    expect(MOCK_DATA.fluctuations).toHaveLength(1);
  });
});

describe(toLoggedData.name, () => {
  it('keeps numbers and booleans, and quantities as numbers under postfixed keys', () => {
    expect(toLoggedData(PID, PID_DATA, 'degC')).toEqual({
      enabled: true,
      active: false,
      'inputValue[degC]': 20,
      'inputSetting[degC]': 21,
      'error[delta_degC]': 1,
      ...PID_NUMBERS,
    });
  });

  it('gives temperatures in the user unit and names that unit in the key', () => {
    expect(toLoggedData(PID, PID_DATA, 'degF')).toMatchObject({
      'inputValue[degF]': 68,
      'inputSetting[degF]': 69.8,
      'error[delta_degF]': 1.8,
    });
  });

  it('gives times in seconds whatever the user unit', () => {
    expect(
      toLoggedData(type('SysInfo'), { uptime: q('second', 3600), updatesPerSecond: 1000, deviceId: 'abc' }, 'degF'),
    ).toEqual({
      'uptime[second]': 3600,
      updatesPerSecond: 1000,
    });
  });

  it('logs an enum as the index of its name', () => {
    const data = {
      storedState: 'STATE_ACTIVE',
      state: 'STATE_INACTIVE',
      hwDevice: l('IoArrayInterface', 'Pins'),
      channel: 1,
    };
    expect(toLoggedData(type('DigitalActuator'), data, 'degC')).toEqual({ storedState: 1, state: 0 });
  });

  it('logs an unknown quantity as null', () => {
    expect(toLoggedData(MOCK, { ...MOCK_DATA, value: q('degC', null) }, 'degF')).toEqual({
      'value[degF]': null,
      connected: true,
    });
  });

  it('logs no links, strings or arrays, and keeps the nesting of objects', () => {
    expect(toLoggedData(MOCK, MOCK_DATA, 'degC')).toEqual({ 'value[degC]': 21, connected: true });
    expect(toLoggedData(PROBE, PROBE_DATA, 'degF')).toEqual({
      tuning: { 'gain[1 / degF]': 5, mode: 1, on: true, computed: 3 },
    });
  });

  it('leaves out a logged field whose value is missing or of the wrong kind', () => {
    expect(toLoggedData(PID, { enabled: 'yes', p: null, error: 3 }, 'degC')).toEqual({});
  });
});

describe(toUserUnits.name, () => {
  it('gives every temperature, difference and temperature product in the user unit', () => {
    expect(toUserUnits(PID, PID_DATA, 'degF')).toMatchObject({
      kp: q('1 / degF', 10),
      inputValue: q('degF', 68),
      inputSetting: q('degF', 69.8),
      error: q('delta_degF', 1.8),
    });
  });

  it('leaves times in seconds and the other fields as they are', () => {
    const read = toUserUnits(PID, PID_DATA, 'degF');
    expect(read).toMatchObject({
      ti: q('second', 600),
      td: q('second', 60),
      enabled: true,
      p: 18,
      inputId: PID_DATA.inputId,
    });
    expect(Object.keys(read)).toEqual(Object.keys(PID_DATA));
  });

  it('converts quantities in array items and nested objects', () => {
    expect(toUserUnits(MOCK, MOCK_DATA, 'degF')).toMatchObject({
      fluctuations: [{ amplitude: q('delta_degF', 0.9), period: q('second', 600) }],
    });
    expect(toUserUnits(PROBE, PROBE_DATA, 'degF')).toMatchObject({ tuning: { gain: q('1 / degF', 5), mode: 'SLOW' } });
  });

  it('keeps device units for a user of degC, and null values as null', () => {
    expect(toUserUnits(MOCK, { ...MOCK_DATA, value: q('degC', null) }, 'degC')).toEqual({
      ...MOCK_DATA,
      value: q('degC', null),
    });
    expect(toUserUnits(MOCK, { value: q('degC', null) }, 'degF')).toEqual({ value: q('degF', null) });
  });

  it('converts a quantity held in another compatible unit, and leaves one that does not convert as it is', () => {
    expect(toUserUnits(MOCK, { setting: q('degF', 68), value: q('second', 5) }, 'degC')).toEqual({
      setting: q('degC', 20),
      value: q('second', 5),
    });
    expect(toLoggedData(MOCK, { setting: q('degF', 68), value: q('second', 5) }, 'degC')).toEqual({});
    expect(toLoggedData(type('TempSensorExternal'), { setting: q('degF', 68) }, 'degC')).toEqual({
      'setting[degC]': 20,
    });
  });

  it('does not change the device data', () => {
    toUserUnits(PID, PID_DATA, 'degF');
    expect(PID_DATA.inputValue).toEqual(q('degC', 20));
  });
});
