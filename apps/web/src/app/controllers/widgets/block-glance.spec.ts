import type { Block } from '@eventcast/domain';
import { blockGlance } from './block-glance';

const block = (id: string, type: string, data: Record<string, unknown>): Block => ({
  id,
  serviceId: 'fermenter',
  type,
  data,
});
const q = (unit: string, value: number | null) => ({ __objtype: 'Quantity', unit, value });
const to = (id: string | null) => ({ __objtype: 'Link', type: 'Any', id });

describe(blockGlance.name, () => {
  it("shows a setpoint's temperature against its setpoint in the user's unit, and offers its setpoint", () => {
    const setpoint = block('Beer setpoint', 'SetpointSensorPair', {
      enabled: true,
      storedSetting: q('degF', 68),
      setting: q('degF', 68),
      value: q('degF', 67.64),
      claimedBy: to(null),
    });

    expect(blockGlance(setpoint)).toEqual({
      facts: [
        { label: 'Temperature', text: '67.64 °F' },
        { label: 'Setpoint in effect', text: '68.00 °F' },
      ],
      enabled: true,
      drivenBy: null,
      setting: 'storedSetting',
    });
  });

  it("shows a PID's input, error, parts and its output to a PWM as a bar", () => {
    const pid = block('Heater PID', 'Pid', {
      enabled: true,
      outputId: to('Heater PWM'),
      inputSetting: q('degC', 21),
      inputValue: q('degC', 18),
      error: q('delta_degC', 3),
      p: 60,
      i: 1.25,
      d: 0,
      outputSetting: 61.25,
    });
    const pwm = block('Heater PWM', 'ActuatorPwm', {});

    expect(blockGlance(pid, [pid, pwm])).toEqual({
      facts: [
        { label: 'Input setpoint value', text: '21.00 °C' },
        { label: 'Input temperature', text: '18.00 °C' },
        { label: 'Error', text: '3.00 Δ°C' },
        { label: 'P', text: '60' },
        { label: 'I', text: '1.25' },
        { label: 'D', text: '0' },
      ],
      bar: { label: 'Output setting', percent: 61.25, text: '61.3 %' },
      enabled: true,
    });
  });

  it("shows a PID's output to a setpoint offset in degrees, not as a bar", () => {
    const pid = block('Beer PID', 'Pid', { outputId: to('Beer offset'), outputSetting: 2.5 });
    const glance = blockGlance(pid, [block('Beer offset', 'ActuatorOffset', {})]);

    expect(glance.bar).toBeUndefined();
    expect(glance.facts).toContainEqual({ label: 'Output setting', text: '2.5' });
  });

  it('fills a bar to its ends for a duty out of range, and leaves it empty when the duty is unknown', () => {
    const pwm = (value: unknown) => blockGlance(block('Heater PWM', 'ActuatorPwm', { value })).bar;

    expect(pwm(120)).toEqual({ label: 'Duty achieved', percent: 100, text: '120.0 %' });
    expect(pwm(-5)).toMatchObject({ percent: 0 });
    expect(pwm(null)).toEqual({ label: 'Duty achieved', percent: null, text: 'unknown' });
  });

  it("shows a PWM's duty as a bar, and offers its duty", () => {
    const glance = blockGlance(
      block('Fan PWM', 'ActuatorPwm', { enabled: true, setting: 35, value: 34.5, claimedBy: to(null) }),
    );

    expect(glance).toEqual({
      facts: [{ label: 'Duty in effect', text: '35.0 %' }],
      bar: { label: 'Duty achieved', percent: 34.5, text: '34.5 %' },
      enabled: true,
      drivenBy: null,
      setting: 'storedSetting',
    });
  });

  it('names the block that drives a PWM, a setpoint or an offset, and offers no setting it would not follow', () => {
    const driven = (type: string) => blockGlance(block('Driven', type, { claimedBy: to('Heater PID') }));

    for (const type of ['ActuatorPwm', 'SetpointSensorPair', 'ActuatorOffset']) {
      expect(driven(type)).toMatchObject({ drivenBy: 'Heater PID' });
      expect(driven(type).setting).toBeUndefined();
    }
  });

  it('offers the switch of a digital actuator that nothing drives, and not of one a PWM drives', () => {
    const actuator = (claimedBy: string | null, state: string) =>
      blockGlance(block('Heater', 'DigitalActuator', { state, storedState: state, claimedBy: to(claimedBy) }));

    expect(actuator(null, 'STATE_ACTIVE')).toEqual({
      facts: [{ label: 'State', text: 'On', tone: 'on' }],
      drivenBy: null,
      toggle: true,
    });
    expect(actuator('Heater PWM', 'STATE_INACTIVE')).toEqual({
      facts: [{ label: 'State', text: 'Off', tone: 'off' }],
      drivenBy: 'Heater PWM',
      toggle: false,
    });
  });

  it("shows a sensor's temperature and whether it is connected, from its reading where it has no such field", () => {
    const mock = blockGlance(block('Beer sensor', 'TempSensorMock', { connected: false, value: q('degC', null) }));
    const oneWire = blockGlance(block('Fridge sensor', 'TempSensorOneWire', { value: q('degC', 4.0625) }));

    expect(mock).toEqual({ facts: [{ label: 'Temperature', text: 'unknown °C' }], connected: false });
    expect(oneWire).toEqual({ facts: [{ label: 'Temperature', text: '4.06 °C' }], connected: true });
  });

  it("shows a setpoint offset's offset, what it achieved and its reference, and offers its offset", () => {
    const offset = block('Beer offset', 'ActuatorOffset', {
      enabled: false,
      referenceId: to('Beer setpoint'),
      setting: q('delta_degC', 1.5),
      value: q('delta_degC', 1.25),
      claimedBy: to(null),
    });

    expect(blockGlance(offset)).toEqual({
      facts: [
        { label: 'Offset in effect', text: '1.50 Δ°C' },
        { label: 'Offset achieved', text: '1.25 Δ°C' },
        { label: 'Reference setpoint', text: 'Beer setpoint' },
      ],
      enabled: false,
      drivenBy: null,
      setting: 'storedSetting',
    });
  });

  it('shows another type by its main value when it has one, and whether it is connected', () => {
    expect(blockGlance(block('IO', 'DS2413', { connected: true, address: '3A' }))).toEqual({
      facts: [],
      connected: true,
    });
    expect(blockGlance(block('System', 'SysInfo', { version: '1' }))).toEqual({ facts: [] });
  });
});
