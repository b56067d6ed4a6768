import { validateSync } from 'class-validator';
import { ChangeEventDto } from './dto/change-event.dto';
import { DocumentDto } from './dto/document.dto';
import { HistoryEventDto } from './dto/history-event.dto';
import { MAX_NESTING_DEPTH, MAX_OBJECT_KEYS, TOO_DEEP_PROBLEM, TOO_WIDE_PROBLEM } from './nesting-depth.util';
import { describeProblems, validateDto } from './validate-dto.util';

function nestedIn(field: string, levels: number): Record<string, unknown> {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = [value];
  return { namespace: 'a', id: 'b', [field]: value };
}

describe(validateDto.name, () => {
  it('gives a class instance that keeps every field it was given', () => {
    const result = validateDto(DocumentDto, {
      namespace: 'svc-global',
      id: 'units',
      temperature: 'degC',
      nested: { a: [1] },
    });
    expect(result).toEqual({
      ok: true,
      value: { namespace: 'svc-global', id: 'units', temperature: 'degC', nested: { a: [1] } },
    });
    expect(result.ok && result.value).toBeInstanceOf(DocumentDto);
  });

  it('names every problem, not only the first', () => {
    expect(validateDto(DocumentDto, { namespace: 'a b', id: 5 })).toEqual({
      ok: false,
      problems: [
        'namespace must be letters, digits, _, -, ., ~ or :, or empty; at most 256 of them',
        'id must be letters, digits, _, -, . or ~, and not empty',
        'id must be a string',
      ],
    });
  });

  it('names a problem inside an array by its path', () => {
    expect(
      validateDto(ChangeEventDto, {
        changed: [
          { namespace: 'a', id: 'ok' },
          { namespace: 'a', id: 'b/c' },
        ],
      }),
    ).toEqual({
      ok: false,
      problems: ['changed.1.id must be letters, digits, _, -, . or ~, and not empty'],
    });
  });

  it.each([[[{ namespace: '', id: 'a' }]], ['a'], [null], [3]])(
    'refuses a value that is not a JSON object: %p',
    (plain) => {
      expect(validateDto(DocumentDto, plain)).toEqual({ ok: false, problems: ['the body must be a JSON object'] });
    },
  );

  it(`refuses a value nested more than ${MAX_NESTING_DEPTH} levels deep, which class-transformer would copy past the stack's end`, () => {
    expect(validateDto(DocumentDto, nestedIn('deep', MAX_NESTING_DEPTH - 1)).ok).toBe(true);
    expect(validateDto(DocumentDto, nestedIn('deep', MAX_NESTING_DEPTH))).toEqual({
      ok: false,
      problems: [TOO_DEEP_PROBLEM],
    });
    expect(validateDto(DocumentDto, nestedIn('deep', 50_000))).toEqual({ ok: false, problems: [TOO_DEEP_PROBLEM] });
  });

  it(`refuses an object of more than ${MAX_OBJECT_KEYS} keys, whose copy by class-transformer takes time quadratic in its keys`, () => {
    const withKeys = (keys: number) => ({
      changed: [
        { namespace: 'a', id: 'b', meta: Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i])) },
      ],
    });
    expect(validateDto(ChangeEventDto, withKeys(MAX_OBJECT_KEYS)).ok).toBe(true);
    expect(validateDto(ChangeEventDto, withKeys(MAX_OBJECT_KEYS + 1))).toEqual({
      ok: false,
      problems: [TOO_WIDE_PROBLEM],
    });
    expect(validateDto(ChangeEventDto, withKeys(200_000))).toEqual({ ok: false, problems: [TOO_WIDE_PROBLEM] });
  });
});

describe('validateDto on keys that class-transformer takes for its own', () => {
  it('validates a body with constructor and __proto__ keys at any depth, which class-transformer threw on (a 500)', () => {
    const body = JSON.parse(
      '{"changed": [{"namespace": "a", "id": "b", "constructor": 1, "__proto__": {"x": 1}, "meta": {"constructor": []}}], "constructor": "top"}',
    );
    expect(validateDto(ChangeEventDto, body).ok).toBe(true);
    expect(validateDto(ChangeEventDto, { ...body, changed: [{ namespace: 'a', id: 'b/c', constructor: {} }] })).toEqual(
      {
        ok: false,
        problems: ['changed.0.id must be letters, digits, _, -, . or ~, and not empty'],
      },
    );
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});

describe(describeProblems.name, () => {
  it('turns class-validator errors into one sentence per failed rule', () => {
    const event = Object.assign(new HistoryEventDto(), { key: '', data: null });
    expect(describeProblems(validateSync(event))).toEqual(['key should not be empty', 'data must be an object']);
  });
});
