import { validateDto } from '../validate-dto.util';
import { LinkDto } from './link.dto';

describe(LinkDto.name, () => {
  it('accepts an interface type with a target id or null', () => {
    expect(validateDto(LinkDto, { __objtype: 'Link', type: 'TempSensorInterface', id: 'Fridge sensor' }).ok).toBe(true);
    expect(validateDto(LinkDto, { __objtype: 'Link', type: 'TempSensorInterface', id: null }).ok).toBe(true);
  });

  it('names a target id that is not a string', () => {
    expect(validateDto(LinkDto, { __objtype: 'Link', type: 'TempSensorInterface', id: 3 })).toEqual({
      ok: false,
      problems: ['id must be a string'],
    });
  });

  it('names a missing interface type', () => {
    expect(validateDto(LinkDto, { __objtype: 'Link', id: null })).toEqual({
      ok: false,
      problems: ['type must be a string'],
    });
  });
});
