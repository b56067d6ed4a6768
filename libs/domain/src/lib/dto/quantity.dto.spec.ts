import { validateDto } from '../validate-dto.util';
import { QuantityDto } from './quantity.dto';

describe(QuantityDto.name, () => {
  it('accepts a unit with a number or a null value', () => {
    expect(validateDto(QuantityDto, { __objtype: 'Quantity', unit: 'degC', value: 20.5 }).ok).toBe(true);
    expect(validateDto(QuantityDto, { __objtype: 'Quantity', unit: 'delta_degF', value: null }).ok).toBe(true);
  });

  it('names a value that is a string', () => {
    expect(validateDto(QuantityDto, { __objtype: 'Quantity', unit: 'degC', value: '20' })).toEqual({
      ok: false,
      problems: ['value must be a number conforming to the specified constraints'],
    });
  });

  it('names a missing unit and the wrong object type', () => {
    expect(validateDto(QuantityDto, { __objtype: 'Link', value: 1 })).toEqual({
      ok: false,
      problems: ['__objtype must be equal to Quantity', 'unit must be a string'],
    });
  });
});
