import { findBlockType, type BlockType } from '@eventcast/block-model';
import type { Block } from '@eventcast/domain';
import { formFields, formValues, inputLabel, patchData, problemsByField } from './block-form';

const block = (id: string, type: string, data: Record<string, unknown> = {}): Block => ({
  id,
  serviceId: 'cellar',
  type,
  data,
});
const typeOf = (name: string) => findBlockType(name) as BlockType;
const setpoint = block('Beer setpoint', 'SetpointSensorPair', {
  enabled: true,
  sensorId: { __objtype: 'Link', type: 'TempSensorInterface', id: 'Beer sensor' },
  storedSetting: { __objtype: 'Quantity', unit: 'degF', value: 68 },
  setting: { __objtype: 'Quantity', unit: 'degF', value: 68 },
  filter: 'FILTER_15s',
});
const blocks = [block('Beer sensor', 'TempSensorMock'), block('Heater', 'DigitalActuator'), setpoint];

describe(formFields.name, () => {
  const fields = formFields(typeOf('SetpointSensorPair'), setpoint, blocks);
  const byName = Object.fromEntries(fields.map((field) => [field.name, field]));

  it('has an input for each field a user sets, none for the read-only ones', () => {
    expect(byName['setting']).toBeUndefined();
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['enabled', 'sensorId', 'storedSetting', 'filter']));
  });

  it("gives a quantity the unit it was sent in, the user's", () => {
    expect(byName['storedSetting']).toMatchObject({ kind: 'quantity', unit: 'degF', value: '68' });
    expect(inputLabel(byName['storedSetting'])).toBe('storedSetting (°F)');
  });

  it("offers a link only the blocks that implement the field's interface", () => {
    expect(byName['sensorId']).toMatchObject({ kind: 'link', value: 'Beer sensor', options: ['Beer sensor'] });
  });

  it("offers an enum's names", () => {
    expect(byName['filter']).toMatchObject({ kind: 'enum', value: 'FILTER_15s' });
    expect(byName['filter'].kind === 'enum' && byName['filter'].options).toContain('FILTER_NONE');
  });
});

describe(patchData.name, () => {
  const fields = formFields(typeOf('SetpointSensorPair'), setpoint, blocks);

  it('patches only the fields whose input changed, a quantity in the shown unit', () => {
    const values = { ...formValues(fields), storedSetting: '70.5' };

    expect(patchData(fields, values)).toEqual({ storedSetting: { __objtype: 'Quantity', unit: 'degF', value: 70.5 } });
  });

  it('patches a link as the chosen id, or null for none, and a checkbox as a boolean', () => {
    const values = { ...formValues(fields), sensorId: '', enabled: 'false' };

    expect(patchData(fields, values)).toEqual({ sensorId: null, enabled: false });
  });

  it('patches nothing when nothing changed', () => {
    expect(patchData(fields, formValues(fields))).toEqual({});
  });
});

describe(problemsByField.name, () => {
  it("puts each of the service's problems beside the field it names, the others apart", () => {
    expect(problemsByField(['data.ti must not be below 0 second', 'data.kp[1] is odd', 'id must be a string'])).toEqual(
      { ti: ['data.ti must not be below 0 second'], kp: ['data.kp[1] is odd'], '': ['id must be a string'] },
    );
  });
});
