import { isLink, isQuantity } from './block-values';

describe('block values', () => {
  it('recognises a quantity, with a number or a null value', () => {
    expect(isQuantity({ __objtype: 'Quantity', unit: 'degC', value: 20.5 })).toBe(true);
    expect(isQuantity({ __objtype: 'Quantity', unit: 'degC', value: null })).toBe(true);
    expect(isQuantity({ __objtype: 'Quantity', unit: 'degC', value: '20' })).toBe(false);
    expect(isQuantity({ __objtype: 'Link', type: 'Any', id: 'x' })).toBe(false);
    expect(isQuantity(20)).toBe(false);
  });

  it('recognises a link, set or not', () => {
    expect(isLink({ __objtype: 'Link', type: 'TempSensorInterface', id: 'Fridge sensor' })).toBe(true);
    expect(isLink({ __objtype: 'Link', type: 'TempSensorInterface', id: null })).toBe(true);
    expect(isLink({ __objtype: 'Link', id: 'x' })).toBe(false);
    expect(isLink(null)).toBe(false);
  });
});
