import { findBlockType } from '@eventcast/block-model';
import { shownFields, shownValue, unitLabel } from './block-values';

describe(shownValue.name, () => {
  it('reads a quantity as its value and unit, rounded to 3 decimals', () => {
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
      { name: 'on', value: { kind: 'text', text: 'yes' }, readonly: false },
      {
        name: 'channels',
        value: {
          kind: 'list',
          items: [{ kind: 'fields', fields: [{ name: 'id', value: { kind: 'text', text: '1' }, readonly: false }] }],
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
      findBlockType('OnboardPins')?.fields,
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

describe(unitLabel.name, () => {
  it.each([
    ['degC', '°C'],
    ['delta_degF', 'Δ°F'],
    ['1 / degC', '1 / °C'],
    ['delta_degC / second', 'Δ°C / s'],
    ['furlong', 'furlong'],
  ])('writes %s as %s', (unit, label) => {
    expect(unitLabel(unit)).toBe(label);
  });
});
