import { defineBlockType, field, findBlockType, type BlockType } from '@eventcast/block-model';
import type { Block } from '@eventcast/domain';
import {
  formFields,
  formValues,
  inputLabel,
  isInputField,
  patchData,
  problemsByField,
  type FormField,
  type FormValues,
  type InputField,
  type ListField,
} from './block-form';
import { withNewItem, withoutItem } from './list-field';

const block = (id: string, type: string, data: Record<string, unknown> = {}): Block => ({
  id,
  serviceId: 'cellar',
  type,
  data,
});
const typeOf = (name: string) => findBlockType(name) as BlockType;
const q = (unit: string, value: number | null) => ({ __objtype: 'Quantity', unit, value });
const setpoint = block('Beer setpoint', 'SetpointSensorPair', {
  enabled: true,
  sensorId: { __objtype: 'Link', type: 'TempSensorInterface', id: 'Beer sensor' },
  storedSetting: q('degF', 68),
  setting: q('degF', 68),
  filter: 'FILTER_15s',
});
const sensor = block('Beer sensor', 'TempSensorMock', {
  value: q('degF', 68.9),
  connected: true,
  setting: q('degF', 68),
  fluctuations: [
    { amplitude: q('delta_degF', 0.9), period: q('second', 600) },
    { amplitude: q('delta_degF', 1.8), period: q('second', 60) },
  ],
});
const blocks = [sensor, block('Heater', 'DigitalActuator'), setpoint];
const context = { blocks, userUnit: 'degF' as const };
const byName = (fields: readonly FormField[]) => Object.fromEntries(fields.map((part) => [part.name, part]));

/** A type of the spec's own with an object field, which no type of the catalogue has. */
const PROBE = defineBlockType({
  name: 'Probe',
  fields: {
    profile: field.object({
      start: field.quantity('degC'),
      mode: field.enum(['HOLD', 'RAMP']),
      reached: field.bool({ readonly: true }),
      heater: field.link('ActuatorDigitalInterface'),
    }),
    steps: field.array({ target: field.quantity('degC', { default: 20 }), done: field.bool({ readonly: true }) }),
  },
});
const probe = block('Probe 1', 'Probe', {
  profile: { start: q('degC', 18), mode: 'RAMP', reached: true, heater: { __objtype: 'Link', id: null } },
  steps: [{ target: q('degC', 21), done: false }],
});

describe(formFields.name, () => {
  const fields = byName(formFields(typeOf('SetpointSensorPair'), setpoint, context));
  const input = (name: string) => fields[name] as InputField;

  it('has an input for each field a user sets, none for the read-only ones', () => {
    expect(fields['setting']).toBeUndefined();
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['enabled', 'sensorId', 'storedSetting', 'filter']));
  });

  it("gives a quantity the unit it was sent in, the user's", () => {
    expect(fields['storedSetting']).toMatchObject({ kind: 'quantity', unit: 'degF', value: '68' });
    expect(inputLabel(input('storedSetting'))).toBe('storedSetting (°F)');
  });

  it("offers a link only the blocks that implement the field's interface", () => {
    expect(fields['sensorId']).toMatchObject({ kind: 'link', value: 'Beer sensor', options: ['Beer sensor'] });
  });

  it("offers an enum's names", () => {
    expect(fields['filter']).toMatchObject({ kind: 'enum', value: 'FILTER_15s' });
    const filter = input('filter');
    expect(filter.kind === 'enum' && filter.options).toContain('FILTER_NONE');
  });

  it("makes an array a list of its items' inputs, with the values of each item in the unit it was sent in", () => {
    const list = byName(formFields(typeOf('TempSensorMock'), sensor, context))['fluctuations'] as ListField;
    expect(list.kind).toBe('list');
    expect(list.fields.filter(isInputField).map(inputLabel)).toEqual(['amplitude (Δ°F)', 'period (s)']);
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
    expect(profile['heater']).toMatchObject({ kind: 'link', value: '', options: ['Heater'] });
    expect((parts['steps'] as ListField).fields.map(({ name }) => name)).toEqual(['target']);
  });

  it('leaves an array the controller computes out of the form', () => {
    const pins = formFields(typeOf('OnboardPins'), block('OnboardPins', 'OnboardPins', { channels: [] }), context);
    expect(pins.map(({ name }) => name)).toEqual(['enableIoSupply12V']);
  });
});

describe(patchData.name, () => {
  const fields = formFields(typeOf('SetpointSensorPair'), setpoint, context);

  it('patches only the fields whose input changed, a quantity in the shown unit', () => {
    const values = { ...formValues(fields), storedSetting: '70.5' };

    expect(patchData(fields, values)).toEqual({ storedSetting: q('degF', 70.5) });
  });

  it('patches a link as the chosen id, or null for none, and a checkbox as a boolean', () => {
    const values = { ...formValues(fields), sensorId: '', enabled: 'false' };

    expect(patchData(fields, values)).toEqual({ sensorId: null, enabled: false });
  });

  it('patches nothing when nothing changed', () => {
    expect(patchData(fields, formValues(fields))).toEqual({});
  });

  it('patches what changed since the last save, even back to what the form started with', () => {
    const saved = { ...formValues(fields), storedSetting: '70.5' };

    expect(patchData(fields, formValues(fields), saved)).toEqual({ storedSetting: q('degF', 68) });
  });

  describe('of a list', () => {
    const mock = formFields(typeOf('TempSensorMock'), sensor, context);
    const list = byName(mock)['fluctuations'] as ListField;
    const patched = (items: FormValues[]) => patchData(mock, { ...formValues(mock), fluctuations: items });

    it('sends a list with an item added whole, every item as the controller takes it', () => {
      const items = withNewItem(list, list.value).map((item, index) =>
        index === 2 ? { amplitude: '0.5', period: '300' } : item,
      );

      expect(patched(items)).toEqual({
        fluctuations: [
          { amplitude: q('delta_degF', 0.9), period: q('second', 600) },
          { amplitude: q('delta_degF', 1.8), period: q('second', 60) },
          { amplitude: q('delta_degF', 0.5), period: q('second', 300) },
        ],
      });
    });

    it('sends a list with an item removed whole, and an emptied list as no items', () => {
      expect(patched(withoutItem(list.value, 0))).toEqual({
        fluctuations: [{ amplitude: q('delta_degF', 1.8), period: q('second', 60) }],
      });
      expect(patched([])).toEqual({ fluctuations: [] });
    });

    it('does not send a list whose items are as they were', () => {
      expect(patched(list.value.map((item) => ({ ...item })))).toEqual({});
    });
  });

  it("patches an object's changed fields only, as the controller merges an object key by key", () => {
    const parts = formFields(PROBE, probe, context);
    const values = formValues(parts);
    const profile = values['profile'] as FormValues;

    expect(patchData(parts, { ...values, profile: { ...profile, mode: 'HOLD' } })).toEqual({
      profile: { mode: 'HOLD' },
    });
  });
});

describe(problemsByField.name, () => {
  it("puts each of the service's problems beside the field it names, the others apart", () => {
    const fields = formFields(typeOf('Pid'), block('Heater PID', 'Pid'), context);
    expect(
      problemsByField(
        ['data.ti must not be below 0 second', 'data.kp[1] is odd', 'data.tid is no field', 'id must be a string'],
        fields,
        formValues(fields),
      ),
    ).toEqual({
      ti: ['data.ti must not be below 0 second'],
      kp: ['data.kp[1] is odd'],
      '': ['data.tid is no field', 'id must be a string'],
    });
  });

  it("puts a problem of a list's item beside the input of that item it names, or the item, or the list", () => {
    const fields = formFields(typeOf('TempSensorMock'), sensor, context);
    const problems = [
      'data.fluctuations.1.period must be at least 0 second',
      'data.fluctuations.0 must be an object',
      'data.fluctuations must be an array',
      'data.fluctuations.2.period must be at least 0 second',
    ];

    expect(problemsByField(problems, fields, formValues(fields))).toEqual({
      'fluctuations.1.period': [problems[0]],
      'fluctuations.0': [problems[1]],
      fluctuations: [problems[2], problems[3]],
    });
  });
});
