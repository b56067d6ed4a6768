import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { BadRequestError, DocumentDto, TOO_DEEP_PROBLEM } from '@eventcast/domain';
import { ValidatedBodyPipe } from './validated-body.pipe';

class QueryDto {
  @IsArray()
  @ArrayMaxSize(250)
  @IsString({ each: true, message: '$property must hold strings only' })
  fields!: string[];

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  points?: number;

  @IsOptional()
  start?: string;
}

class SetManyDto {
  @IsArray()
  @IsObject({ each: true, message: '$property must hold JSON objects only' })
  @ValidateNested({ each: true })
  @Type(() => DocumentDto)
  values!: DocumentDto[];
}

class SetDto {
  @IsObject({ message: '$property must be a JSON object' })
  @ValidateNested()
  @Type(() => DocumentDto)
  value!: DocumentDto;
}

/** The problems a pipe refuses `body` with, or undefined when it takes it. */
function problemsOf(pipe: ValidatedBodyPipe<object>, body: unknown): readonly string[] | undefined {
  try {
    pipe.transform(body);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestError);
    return (error as BadRequestError).problems;
  }
}

describe(ValidatedBodyPipe.name, () => {
  const documents = new ValidatedBodyPipe(DocumentDto, { otherFields: 'ignored' });
  const queries = new ValidatedBodyPipe(QueryDto);

  it('hands on a valid body exactly as sent', () => {
    const body = { namespace: 'a', id: 'b', nested: { x: [1, 2] } };
    expect(documents.transform(body)).toBe(body);
  });

  it('refuses an invalid body as a bad request naming every field at fault', () => {
    expect(problemsOf(documents, { namespace: 'a b', id: '' })).toEqual([
      'namespace must be letters, digits, _, -, ., ~ or :, or empty; at most 256 of them',
      'id must be letters, digits, _, -, . or ~, and not empty',
    ]);
  });

  it('names one problem per field: the wrong type alone, else the first rule broken', () => {
    expect(problemsOf(queries, { fields: 'x' })).toEqual(['fields must be an array']);
    expect(problemsOf(queries, { fields: [], points: '100' })).toEqual(['points must be an integer number']);
    expect(problemsOf(queries, { fields: [], points: 0 })).toEqual(['points must not be less than 1']);
    expect(problemsOf(queries, { fields: [1] })).toEqual(['fields must hold strings only']);
    expect(problemsOf(documents, { namespace: 3, id: 'a b' })).toEqual([
      'namespace must be a string',
      'id must be letters, digits, _, -, . or ~, and not empty',
    ]);
  });

  it('does not name the items of a field that has the wrong type', () => {
    const set = new ValidatedBodyPipe(SetDto);
    expect(problemsOf(set, { value: [1] })).toEqual(['value must be a JSON object']);
    expect(problemsOf(set, { value: { namespace: 1, id: 'a' } })).toEqual(['value.namespace must be a string']);
    const setMany = new ValidatedBodyPipe(SetManyDto);
    expect(problemsOf(setMany, { values: [{ namespace: 'a', id: 'b c' }, 1, [2], { id: 'd' }] })).toEqual([
      'values must hold JSON objects only',
      'values.0.id must be letters, digits, _, -, . or ~, and not empty',
      'values.3.namespace must be a string',
    ]);
  });

  it('refuses a key that is not a field, naming the fields there are', () => {
    expect(problemsOf(queries, { fields: [], from: '2024-05-01' })).toEqual([
      'from is not a field of this body; the fields are fields, points, start',
    ]);
    expect(problemsOf(queries, { fields: 'x', from: 1 })).toEqual([
      'from is not a field of this body; the fields are fields, points, start',
      'fields must be an array',
    ]);
  });

  it('names a body nested too deep alone, without looking at its keys', () => {
    const deep = JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`) as unknown;
    expect(problemsOf(queries, { fields: [], deep })).toEqual([TOO_DEEP_PROBLEM]);
  });

  it('leaves other keys alone where they are to be ignored', () => {
    const body = { namespace: 'a', id: 'b', from: 1 };
    expect(documents.transform(body)).toBe(body);
  });

  it('refuses a body that is not an object with one problem', () => {
    expect(problemsOf(queries, [1])).toEqual(['the body must be a JSON object']);
  });
});
