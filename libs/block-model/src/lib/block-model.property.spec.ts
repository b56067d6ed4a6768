import fc from 'fast-check';
import { BadRequestError } from '@eventcast/domain';
import { BlockDataError } from './block-data-error';
import { BLOCK_CATALOGUE } from './catalogue';
import { defaultData } from './defaults';
import { mergePatch } from './merge-patch';
import { normaliseWrite } from './normalise-write';
import { toLoggedData, toStoredData, toUserUnits } from './projections';

// Whatever data a client writes, the block model gives normalised data or a BlockDataError (a
// 400 naming every problem), never another exception, and never touches a prototype. fast-check
// prints the smallest failing data and the seed to replay it.

const TYPES = [...BLOCK_CATALOGUE.values()];

/** Keys of every field of every type, with unit postfixes, and keys objects treat specially. */
const fieldKey = fc.oneof(
  fc.constantFrom(...new Set(TYPES.flatMap((type) => type.shape.writable.map((entry) => entry.name)))),
  fc.constantFrom('value[degC]', 'setting[degF]', 'offset[delta_degF]', 'period[ms]', 'x[parsecs]', 'a[', ']'),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '__objtype', 'unit', 'value', 'id', 'type'),
  fc.string({ maxLength: 6 }),
);

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }),
  fc.double(),
  fc.record(
    {
      __objtype: fc.constantFrom('Quantity', 'Link', 'Other'),
      unit: fc.constantFrom('degC', 'degF', 'second', 'delta_degC', 'kg', '', 1),
      value: fc.oneof(fc.double(), fc.constant(null), fc.string()),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      __objtype: fc.constant('Link'),
      id: fc.oneof(fc.constantFrom('Sensor', 'Pins', '', 'missing'), fc.constant(null), fc.integer()),
      type: fc.string(),
    },
    { requiredKeys: [] },
  ),
  fc.constantFrom(
    ...TYPES.flatMap((type) =>
      type.shape.writable.flatMap((entry) =>
        'values' in entry.field ? (entry.field.values as readonly unknown[]) : [],
      ),
    ),
  ),
);

/** Block data as JSON.parse gives it: `__proto__` is an own key, as in a parsed body. */
const data = fc
  .object({ key: fieldKey, maxDepth: 2, maxKeys: 8, values: [value] })
  .map((object) => JSON.parse(JSON.stringify(object)) as unknown);

/** Links resolve to a sensor and the onboard pins; any other id is missing. */
const resolveLink = (id: string) => ({ Sensor: 'TempSensorMock', Pins: 'OnboardPins' })[id];

function normalisedOrRefused(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    if (error instanceof BlockDataError) {
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.problems?.length).toBeGreaterThan(0);
      return error;
    }
    throw error;
  }
}

describe(normaliseWrite.name, () => {
  it.each(TYPES.map((type) => [type.name, type] as const))(
    'gives %s normalised data or a BlockDataError for any data, and pollutes nothing',
    (_name, type) => {
      fc.assert(
        fc.property(
          fc.oneof(data, fc.jsonValue()),
          fc.constantFrom('degC' as const, 'degF' as const),
          (written, userUnit) => {
            const result = normalisedOrRefused(() => normaliseWrite(type, written, { userUnit, resolveLink }));
            if (!(result instanceof BlockDataError)) {
              // What the model accepted, it can store, log and show in either unit.
              const stored = toStoredData(type, result as never);
              toLoggedData(type, stored, userUnit);
              toUserUnits(type, stored, userUnit);
            }
            expect(Object.keys(Object.prototype)).toEqual([]);
          },
        ),
        { numRuns: 150 },
      );
    },
  );
});

describe(mergePatch.name, () => {
  it('merges any patch into any block data without throwing, and the result is normalised or refused', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TYPES), data, (type, patch) => {
        if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return;
        const merged = mergePatch(defaultData(type), patch as never);
        normalisedOrRefused(() => normaliseWrite(type, merged, { resolveLink }));
        expect(Object.keys(Object.prototype)).toEqual([]);
      }),
    );
  });
});
