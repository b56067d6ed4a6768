import { isLink, isQuantity, link, quantity } from './block-values.util';

describe(isQuantity.name, () => {
  it('recognises a quantity with a number or a null value', () => {
    expect(isQuantity({ __objtype: 'Quantity', unit: 'degC', value: 20.5 })).toBe(true);
    expect(isQuantity({ __objtype: 'Quantity', unit: 'degC', value: null })).toBe(true);
  });

  it('refuses a value that is a string, a link or a bare number', () => {
    expect(isQuantity({ __objtype: 'Quantity', unit: 'degC', value: '20' })).toBe(false);
    expect(isQuantity({ __objtype: 'Link', type: 'Any', id: 'x' })).toBe(false);
    expect(isQuantity(20)).toBe(false);
  });
});

describe(isLink.name, () => {
  it('recognises a link that is set and one that is not', () => {
    expect(isLink({ __objtype: 'Link', type: 'TempSensorInterface', id: 'Fridge sensor' })).toBe(true);
    expect(isLink({ __objtype: 'Link', type: 'TempSensorInterface', id: null })).toBe(true);
  });

  it('refuses a link without an interface type, and null', () => {
    expect(isLink({ __objtype: 'Link', id: 'x' })).toBe(false);
    expect(isLink(null)).toBe(false);
  });
});

describe(quantity.name, () => {
  it('builds a value that isQuantity accepts, with null for an unknown value', () => {
    expect(quantity('degC', 20.5)).toEqual({ __objtype: 'Quantity', unit: 'degC', value: 20.5 });
    expect(isQuantity(quantity('degC', null))).toBe(true);
  });
});

describe(link.name, () => {
  it('builds a value that isLink accepts, with null for a link not set', () => {
    expect(link('TempSensorInterface', 'Fridge sensor')).toEqual({
      __objtype: 'Link',
      type: 'TempSensorInterface',
      id: 'Fridge sensor',
    });
    expect(isLink(link('TempSensorInterface', null))).toBe(true);
  });
});
