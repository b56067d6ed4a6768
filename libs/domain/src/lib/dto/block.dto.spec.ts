import { validateDto } from '../validate-dto.util';
import { BlockDto, MAX_NID } from './block.dto';

describe(BlockDto.name, () => {
  const block = {
    id: 'Fridge sensor (1)',
    serviceId: 'controller-1',
    type: 'TempSensorMock',
    data: { setting: { __objtype: 'Quantity', unit: 'degC', value: 20 } },
  };

  it('accepts a block without nid and meta, and with them', () => {
    expect(validateDto(BlockDto, block).ok).toBe(true);
    expect(validateDto(BlockDto, { ...block, nid: 100, meta: { note: 'x' } }).ok).toBe(true);
  });

  it('names an id that does not start with a letter', () => {
    expect(validateDto(BlockDto, { ...block, id: '1st' })).toEqual({
      ok: false,
      problems: ['id must start with a letter, then letters, digits, space, _, -, (, ) or |'],
    });
  });

  // An id becomes a level of the block's history field names (`<service>/<id>/...`) and a key of the
  // device file: no separator, quote, wildcard or line break gets in.
  it.each(['a/b', 'a+b', 'a#', "a'b", 'a"b', 'a\nb', 'a\\b', 'a*', 'a.b', 'a,b', 'a=b'])(
    'names the id %j, whose character could split or quote a history field name',
    (id) => {
      expect(validateDto(BlockDto, { ...block, id })).toEqual({
        ok: false,
        problems: ['id must start with a letter, then letters, digits, space, _, -, (, ) or |'],
      });
    },
  );

  it('names an id longer than 200 characters', () => {
    expect(validateDto(BlockDto, { ...block, id: 'a'.repeat(201) })).toEqual({
      ok: false,
      problems: ['id must be shorter than or equal to 200 characters'],
    });
  });

  it('names a nid that is not a whole number', () => {
    expect(validateDto(BlockDto, { ...block, nid: 1.5 })).toEqual({
      ok: false,
      problems: ['nid must be an integer number'],
    });
  });

  it('names a nid too large for the controller to count on from, and takes the largest one', () => {
    expect(validateDto(BlockDto, { ...block, nid: 1e20 })).toEqual({
      ok: false,
      problems: [`nid must not be greater than ${MAX_NID}`],
    });
    expect(validateDto(BlockDto, { ...block, nid: MAX_NID }).ok).toBe(true);
  });

  it('names a missing type and data that is not an object', () => {
    expect(validateDto(BlockDto, { id: 'a', serviceId: 'c', data: 'x' })).toEqual({
      ok: false,
      problems: ['type should not be empty', 'type must be a string', 'data must be an object'],
    });
  });
});
