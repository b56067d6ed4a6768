import fc from 'fast-check';
import {
  emptyFlattenReport,
  flattenHistoryEvent,
  MAX_FLATTEN_DEPTH,
  MAX_VALUES_PER_EVENT,
} from './flatten-history-event';
import { toHistoryNumber } from './history-number';

// Properties over generated events; fast-check prints the smallest failing event and the seed.

const key = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', '/', 'a/b', '0'),
  fc.string({ maxLength: 6 }),
);

/** Event data as JSON.parse gives it: `__proto__` is an own key, as in a parsed message. */
const data = fc
  .object({
    key,
    maxDepth: 6,
    maxKeys: 8,
    values: [fc.jsonValue({ maxDepth: 0 }), fc.constantFrom('12', ' -0.5 ', '1e3', '1e999', 'NaN', '0x10', '')],
  })
  .map((value) => JSON.parse(JSON.stringify(value)) as object);

/** A plain object key that flattening keeps as one name part. */
const part = fc.stringMatching(/^[a-z0-9_-]{1,6}$/);

describe(flattenHistoryEvent.name, () => {
  it('never throws, gives finite numbers under `<key>/` only, reads at most MAX_VALUES_PER_EVENT, and touches no prototype', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }),
        fc.oneof(data, fc.jsonValue() as fc.Arbitrary<object>),
        (eventKey, eventData) => {
          const report = emptyFlattenReport();
          const values = flattenHistoryEvent({ key: eventKey, data: eventData }, report);
          expect(values.size).toBeLessThanOrEqual(MAX_VALUES_PER_EVENT);
          for (const [name, value] of values) {
            expect(name.startsWith(`${eventKey}/`)).toBe(true);
            expect(Number.isFinite(value)).toBe(true);
          }
          expect(report.ignored).toBeGreaterThanOrEqual(0);
          expect(Object.keys(Object.prototype)).toEqual([]);
        },
      ),
    );
  });

  it('names every number of nested objects and arrays by its path, and reads it back', () => {
    const leaf = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean());
    const tree = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.dictionary(part, tie('node'), { minKeys: 1, maxKeys: 3 }),
        fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(part, fc.dictionary(part, tree, { maxKeys: 4 }), (eventKey, eventData) => {
        const expected = new Map<string, number>();
        const walk = (value: unknown, name: string, depth: number) => {
          if (typeof value === 'object' && value !== null) {
            if (depth <= MAX_FLATTEN_DEPTH)
              for (const [child, inner] of Object.entries(value)) walk(inner, `${name}/${child}`, depth + 1);
          } else expected.set(name, typeof value === 'boolean' ? Number(value) : (value as number));
        };
        walk(eventData, eventKey, 0);
        expect(flattenHistoryEvent({ key: eventKey, data: eventData })).toEqual(expected);
      }),
    );
  });
});

describe(toHistoryNumber.name, () => {
  it('keeps a finite number, and reads it back from its text, spaces around or not', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom('', ' ', '\t'),
        (number, space) => {
          expect(toHistoryNumber(number)).toBe(number);
          expect(toHistoryNumber(`${space}${String(number)}${space}`)).toBe(Number(String(number)));
        },
      ),
    );
  });

  it('gives a finite number or nothing for any value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string({ unit: 'binary' })), (value) => {
        const number = toHistoryNumber(value);
        expect(number === undefined || Number.isFinite(number)).toBe(true);
      }),
    );
  });
});
