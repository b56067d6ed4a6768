import { formFields, formWarnings, inputLabel, isInputField, type InputField, type ListField } from './block-form';
import { block, byName, context, PROBE, probe, sensor, setpoint, typeOf } from './block-form.fixtures';
import { withNewItem } from './list-field';

describe(formFields.name, () => {
  const fields = byName(formFields(typeOf('SetpointSensorPair'), setpoint, context));
  const input = (name: string) => fields[name] as InputField;

  it('has an input for each field a user sets, none for the read-only ones', () => {
    expect(fields['setting']).toBeUndefined();
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['enabled', 'sensorId', 'storedSetting', 'filter']));
  });

  it("labels a quantity in a brewer's words with the unit it was sent in, the user's, and gives its help", () => {
    expect(fields['storedSetting']).toMatchObject({ kind: 'quantity', unit: 'degF', value: '68' });
    expect(inputLabel(input('storedSetting'))).toBe('Setpoint (°F)');
    expect(input('storedSetting').help).toBe('The temperature you ask for.');
  });

  it('labels the duties of a PWM with %', () => {
    const pwm = formFields(typeOf('ActuatorPwm'), block('Heater PWM', 'ActuatorPwm'), context).filter(isInputField);
    expect(pwm.map(inputLabel)).toEqual([
      'Enabled',
      'Actuator',
      'Duty (%)',
      'Period (s)',
      'Minimum duty (%)',
      'Maximum duty (%)',
    ]);
  });

  it("makes the PID's integral reset a Reset integral button", () => {
    const reset = byName(formFields(typeOf('Pid'), block('Heater PID', 'Pid'), context))['integralReset'];
    expect(reset).toMatchObject({ kind: 'trigger', label: 'Reset integral', value: '0' });
  });

  it("offers a link only the blocks that implement the field's interface", () => {
    expect(fields['sensorId']).toMatchObject({
      kind: 'link',
      value: 'Beer sensor',
      options: [{ value: 'Beer sensor', label: 'Beer sensor' }],
    });
  });

  it("offers an enum's names under their labels", () => {
    expect(fields['filter']).toMatchObject({ kind: 'enum', value: 'FILTER_15s' });
    const filter = input('filter');
    expect(filter.kind === 'enum' && filter.options).toContainEqual({ value: 'FILTER_NONE', label: 'No filter' });
  });

  it("makes an array a list of its items' inputs, with the values of each item in the unit it was sent in", () => {
    const list = byName(formFields(typeOf('TempSensorMock'), sensor, context))['fluctuations'] as ListField;
    expect(list.kind).toBe('list');
    expect(list.fields.filter(isInputField).map(inputLabel)).toEqual(['Amplitude (Δ°F)', 'Period (s)']);
    expect(list.value).toEqual([
      { amplitude: '0.9', period: '600' },
      { amplitude: '1.8', period: '60' },
    ]);
  });

  it("starts a new item at the catalogue's defaults, temperatures in the user's unit", () => {
    const list = byName(formFields(PROBE, probe, context))['steps'] as ListField;
    expect(withNewItem(list, list.value)).toEqual([{ target: '21' }, { target: '68' }]);
  });

  it("makes an object a group of its fields' inputs, leaving out the read-only ones at any depth", () => {
    const parts = byName(formFields(PROBE, probe, context));
    expect(parts['profile']).toMatchObject({ kind: 'group' });
    const profile = parts['profile'].kind === 'group' ? byName(parts['profile'].fields) : {};
    expect(Object.keys(profile)).toEqual(['start', 'mode', 'heater']);
    expect(profile['heater']).toMatchObject({
      kind: 'link',
      value: '',
      options: [{ value: 'Heater', label: 'Heater' }],
    });
    expect((parts['steps'] as ListField).fields.map(({ name }) => name)).toEqual(['target']);
  });

  it('leaves an array the controller computes out of the form', () => {
    const pins = formFields(typeOf('OnboardPins'), block('OnboardPins', 'OnboardPins', { channels: [] }), context);
    expect(pins.map(({ name }) => name)).toEqual(['enableIoSupply12V']);
  });
});

describe(formWarnings.name, () => {
  const pwm = formFields(typeOf('ActuatorPwm'), block('Heater PWM', 'ActuatorPwm'), context);

  it('warns beside a PWM period of 0 s as the form holds it, and not of a period of some seconds', () => {
    expect(Object.keys(formWarnings(pwm, { period: '0', minSetting: '0', maxSetting: '100' }))).toEqual(['period']);
    expect(formWarnings(pwm, { period: '4', minSetting: '0', maxSetting: '100' })).toEqual({});
  });

  it('says nothing of an input still empty', () => {
    expect(formWarnings(pwm, { period: '' })).toEqual({});
  });
});
