import { findBlockType } from '@eventcast/block-model';
import { shownFields, shownValue } from './block-values';

describe(shownValue.name, () => {
  it('reads a quantity alone as its value and unit, rounded for the unit without trailing zeros', () => {
    expect(shownValue({ __objtype: 'Quantity', unit: 'degF', value: 64.40000001 })).toEqual({
      kind: 'text',
      text: '64.4 °F',
    });
  });

  it('reads a quantity without a value as unknown', () => {
    expect(shownValue({ __objtype: 'Quantity', unit: 'second', value: null })).toEqual({
      kind: 'text',
      text: 'unknown s',
    });
  });

  it('reads a link as its target, or none when it is not set', () => {
    expect(shownValue({ __objtype: 'Link', type: 'TempSensorInterface', id: 'Beer sensor' })).toEqual({
      kind: 'link',
      target: 'Beer sensor',
      interface: 'TempSensorInterface',
    });
    expect(shownValue({ __objtype: 'Link', type: 'Any', id: null })).toMatchObject({ target: null });
  });

  it('reads booleans as yes or no, and lists and objects item by item', () => {
    expect(shownFields({ on: true, channels: [{ id: 1 }] })).toEqual([
      { name: 'on', label: 'on', value: { kind: 'text', text: 'yes' }, readonly: false },
      {
        name: 'channels',
        label: 'channels',
        value: {
          kind: 'list',
          items: [
            {
              kind: 'fields',
              fields: [{ name: 'id', label: 'id', value: { kind: 'text', text: '1' }, readonly: false }],
            },
          ],
        },
        readonly: false,
      },
    ]);
  });
});

describe(shownFields.name, () => {
  it('marks the fields the block type declares read-only, but not again inside a read-only list', () => {
    const shown = shownFields(
      { channels: [{ id: 1, claimedBy: { __objtype: 'Link', type: 'Any', id: null } }], enableIoSupply12V: false },
      findBlockType('OnboardPins')?.shape,
    );

    expect(shown.map(({ name, readonly }) => [name, readonly])).toEqual([
      ['channels', true],
      ['enableIoSupply12V', false],
    ]);
    const channel = shown[0].value.kind === 'list' ? shown[0].value.items[0] : undefined;
    expect(channel?.kind === 'fields' && channel.fields.map(({ name, readonly }) => [name, readonly])).toEqual([
      ['id', false],
      ['claimedBy', false],
    ]);
  });
});

describe('a card of the catalogue', () => {
  const card = (typeName: string, data: Record<string, unknown>) =>
    Object.fromEntries(
      shownFields(data, findBlockType(typeName)?.shape).map(({ label, value }) => [
        label,
        value.kind === 'text' ? value.text : value.kind,
      ]),
    );

  it("names each field by its label and reads an enum's name as its label", () => {
    expect(
      card('SetpointSensorPair', {
        storedSetting: { __objtype: 'Quantity', unit: 'degF', value: 68 },
        value: { __objtype: 'Quantity', unit: 'degF', value: 68.27499960990215 },
        filter: 'FILTER_NONE',
        sensorId: { __objtype: 'Link', type: 'TempSensorInterface', id: null },
      }),
    ).toEqual({ Setpoint: '68.00 °F', Temperature: '68.27 °F', Filter: 'No filter', Sensor: 'link' });
  });

  it('reads the duties of a PWM in %, rounded to a tenth, and its period in seconds', () => {
    expect(
      card('ActuatorPwm', {
        storedSetting: 50,
        value: 49.98765,
        period: { __objtype: 'Quantity', unit: 'second', value: 4 },
      }),
    ).toEqual({ Duty: '50.0 %', 'Duty achieved': '50.0 %', Period: '4.0 s' });
  });

  it('reads a whole-number field as it is, and a nested field by its label', () => {
    const pins = shownFields(
      { channels: [{ id: 1, claimedBy: { __objtype: 'Link', type: 'Any', id: null } }] },
      findBlockType('OnboardPins')?.shape,
    );
    const channel = pins[0].value.kind === 'list' ? pins[0].value.items[0] : undefined;
    expect(channel?.kind === 'fields' && channel.fields.map(({ label, value }) => [label, value])).toEqual([
      ['Channel', { kind: 'text', text: '1' }],
      ['Driven by', { kind: 'link', target: null, interface: 'Any' }],
    ]);
  });
});
