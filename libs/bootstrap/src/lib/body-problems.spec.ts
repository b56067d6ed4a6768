import { Allow, IsInt, IsOptional, IsString } from 'class-validator';
import { fieldsOf, unknownFieldProblems } from './body-problems';

class BaseDto {
  @IsString()
  name!: string;
}

class QueryDto extends BaseDto {
  @IsOptional()
  @IsInt()
  limit?: number;

  @Allow()
  anything?: unknown;
}

describe(fieldsOf.name, () => {
  it('lists the decorated fields of a DTO, those of its base classes first', () => {
    expect(fieldsOf(QueryDto)).toEqual(['name', 'limit', 'anything']);
  });
});

describe(unknownFieldProblems.name, () => {
  it('names each key that is not a field, and nothing for a body that is not an object', () => {
    expect(unknownFieldProblems(QueryDto, { name: 'a', nmae: 'b', max: 3 })).toEqual([
      'nmae is not a field of this body; the fields are name, limit, anything',
      'max is not a field of this body; the fields are name, limit, anything',
    ]);
    expect(unknownFieldProblems(QueryDto, { name: 'a' })).toEqual([]);
    expect(unknownFieldProblems(QueryDto, ['x'])).toEqual([]);
  });
});
