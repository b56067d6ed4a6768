import { formFields, formValues, type FormValues, type ListField } from '../../common/block-form';
import { byName, context, PROBE, probe, q, sensor, setpoint, typeOf } from '../../common/block-form.fixtures';
import { patchData } from './form-patch';
import { withNewItem, withoutItem } from '../../common/list-field';

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
