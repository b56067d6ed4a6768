import fc from 'fast-check';
import { BlockDto } from './dto/block.dto';
import { ChangeEventDto } from './dto/change-event.dto';
import { DeleteEventDto } from './dto/delete-event.dto';
import { DocumentDto } from './dto/document.dto';
import { HistoryEventDto } from './dto/history-event.dto';
import { LinkDto } from './dto/link.dto';
import { QuantityDto } from './dto/quantity.dto';
import { validateDto } from './validate-dto.util';

// Whatever JSON a body or message holds, validating it gives a value or a list of problems, never
// an exception (a 500, or a failed message), and never touches a prototype. fast-check prints the
// smallest failing value and the seed to replay it.

/** Keys that the DTOs read, and keys that JavaScript objects and class-transformer treat specially. */
const key = fc.oneof(
  fc.constantFrom(
    'id',
    'namespace',
    'serviceId',
    'type',
    'data',
    'meta',
    'nid',
    'key',
    'changed',
    'deleted',
    '__objtype',
    'unit',
    'value',
    'constructor',
    '__proto__',
    'prototype',
    'toString',
    'valueOf',
    'hasOwnProperty',
    'length',
    '0',
  ),
  fc.string({ maxLength: 8 }),
);

/** JSON as JSON.parse gives it: `__proto__` is an own key, as in a parsed body. */
const parsedJson = fc
  .object({
    key,
    maxDepth: 5,
    maxKeys: 6,
    values: [fc.jsonValue({ maxDepth: 1 }), fc.constantFrom('Quantity', 'Link', 'degC')],
  })
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);

const DTOS = [BlockDto, DocumentDto, ChangeEventDto, DeleteEventDto, HistoryEventDto, LinkDto, QuantityDto];

describe(validateDto.name, () => {
  it.each(DTOS.map((dto) => [dto.name, dto] as const))(
    'gives %s a value or problems for any JSON, and pollutes nothing',
    (_name, dto) => {
      fc.assert(
        fc.property(fc.oneof(parsedJson, fc.jsonValue()), (plain) => {
          const result = validateDto(dto as new () => object, plain);
          expect(result.ok || result.problems.length > 0).toBe(true);
          expect(Object.keys(Object.prototype)).toEqual([]);
        }),
        { numRuns: 300 },
      );
    },
  );
});
