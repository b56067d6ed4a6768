import fc from 'fast-check';
import { BadRequestError, bucketCount, bucketWidth } from '@eventcast/domain';
import { formatIsoMicros, MICROS_PER_MS, MICROS_PER_SECOND } from '@eventcast/time-series-store';
import { CSV_PRECISIONS, csvTime } from './csv.util';
import { MAX_DURATION_US, parseDuration } from './duration.util';
import { resolveTimeRange } from './time-range.util';
import { MAX_TIME_US, MIN_TIME_US, parseTime } from './time.util';

// Properties over generated input: whatever a body holds, the time fields of a query give a value
// within the bounds or a BadRequestError (400), never another exception (500). fast-check prints
// the smallest failing input and the seed to replay it.

/** The value `run` gives, or the `BadRequestError` it throws; any other exception fails the property. */
function valueOrBadRequest<T>(run: () => T): T | BadRequestError {
  try {
    return run();
  } catch (error) {
    if (error instanceof BadRequestError) return error;
    throw error;
  }
}

/** Microsecond times from `minMs` to `maxMs` milliseconds since the epoch. */
const timeWithin = (minMs: number, maxMs: number) =>
  fc
    .integer({ min: minMs, max: maxMs })
    .chain((ms) => fc.integer({ min: 0, max: 999 }).map((extra) => ms * MICROS_PER_MS + extra));

/** Microsecond times a query takes. */
const time = timeWithin(MIN_TIME_US / MICROS_PER_MS, (MAX_TIME_US + 1) / MICROS_PER_MS - 1);

/** Times whose microseconds a JS number holds exactly: 1685 to 2255 (2^53 µs either side of 1970). */
const exactTime = timeWithin(
  Math.ceil(-Number.MAX_SAFE_INTEGER / 1000) + 1,
  Math.floor(Number.MAX_SAFE_INTEGER / 1000) - 1,
);

/** What a client may put in a time or duration field: mostly near-misses of the accepted forms. */
const timeLike = fc.oneof(
  fc.anything(),
  fc.double(),
  fc.integer(),
  time.map((micros) => formatIsoMicros(micros)),
  fc
    .tuple(time, fc.constantFrom('', '+02:00', '-0530', 'z'))
    .map(([micros, zone]) => formatIsoMicros(micros).replace('Z', zone)),
  fc.stringMatching(/^-?\d{1,25}(\.\d{0,8})?$/),
  fc.stringMatching(
    /^\d{4,6}-\d{1,2}-\d{1,2}([T ]\d{1,2}:\d{1,2}(:\d{1,2}([.,]\d{1,12})?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/,
  ),
  fc.stringMatching(/^(\d{1,20}(\.\d{1,5})?(ms|s|m|h|d|w)){1,4}$/),
  fc.string(),
);

describe(parseTime.name, () => {
  it('gives a whole number of microseconds within the years 0 to 9999, or a BadRequestError', () => {
    fc.assert(
      fc.property(timeLike, (input) => {
        const parsed = valueOrBadRequest(() => parseTime(input, 'start'));
        if (parsed instanceof BadRequestError) return;
        expect(Number.isInteger(parsed)).toBe(true);
        expect(parsed).toBeGreaterThanOrEqual(MIN_TIME_US);
        expect(parsed).toBeLessThanOrEqual(MAX_TIME_US);
      }),
    );
  });

  it('reads back every time it writes, to the microsecond where a number holds it exactly, the years before 100 too', () => {
    fc.assert(fc.property(exactTime, (micros) => expect(parseTime(formatIsoMicros(micros), 'start')).toBe(micros)));
    expect(parseTime('0001-01-01', 'start')).toBe(Date.parse('0001-01-01T00:00:00Z') * MICROS_PER_MS);
  });

  it('reads an epoch number in seconds or milliseconds as the same time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (seconds) => {
        expect(parseTime(seconds, 'start')).toBe(seconds * MICROS_PER_SECOND);
        expect(parseTime(String(seconds), 'start')).toBe(seconds * MICROS_PER_SECOND);
      }),
    );
  });
});

describe(parseDuration.name, () => {
  it('gives a positive whole number of microseconds up to 10,000 years, or a BadRequestError', () => {
    fc.assert(
      fc.property(timeLike, (input) => {
        const parsed = valueOrBadRequest(() => parseDuration(input, 'duration'));
        if (parsed instanceof BadRequestError) return;
        expect(Number.isInteger(parsed)).toBe(true);
        expect(parsed).toBeGreaterThan(0);
        expect(parsed).toBeLessThanOrEqual(MAX_DURATION_US);
      }),
    );
  });

  it('adds up the parts of a composed duration', () => {
    const units = { ms: 1e3, s: 1e6, m: 6e7, h: 3.6e9, d: 8.64e10, w: 6.048e11 } as const;
    const part = fc.tuple(
      fc.integer({ min: 0, max: 1000 }),
      fc.constantFrom(...(Object.keys(units) as Array<keyof typeof units>)),
    );
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 5 }), (parts) => {
        const total = parts.reduce((sum, [amount, unit]) => sum + amount * units[unit], 0);
        const text = parts.map(([amount, unit]) => `${amount}${unit}`).join('');
        const parsed = valueOrBadRequest(() => parseDuration(text, 'duration'));
        expect(parsed instanceof BadRequestError ? 0 : parsed).toBe(total);
      }),
    );
  });
});

describe(resolveTimeRange.name, () => {
  const now = Date.UTC(2026, 10, 23) * MICROS_PER_MS;
  const field = fc.option(timeLike, { nil: undefined });

  it('gives a range within the years 0 to 9999 whose fixed end follows its start, or a BadRequestError', () => {
    fc.assert(
      fc.property(field, field, field, (start, end, duration) => {
        const range = valueOrBadRequest(() => resolveTimeRange({ start, end, duration }, now, '1d'));
        if (range instanceof BadRequestError) return;
        expect(range.fromUs).toBeGreaterThanOrEqual(MIN_TIME_US);
        expect(range.toUs).toBeLessThanOrEqual(MAX_TIME_US);
        // A live range runs from its start to now, and may start in the future (a stream waits for it).
        if (!range.live) expect(range.fromUs).toBeLessThanOrEqual(range.toUs);
      }),
    );
  });
});

describe(bucketWidth.name, () => {
  it('ends with a finite width of 1 ms or more, whose buckets number at most the points asked for, or two', () => {
    const range = fc.tuple(time, time).map(([a, b]) => (a <= b ? [a, b] : [b, a]));
    fc.assert(
      fc.property(range, fc.integer({ min: 1, max: 100_000 }), ([fromUs, toUs], points) => {
        const width = bucketWidth(fromUs, toUs, points, MICROS_PER_MS);
        expect(Number.isFinite(width)).toBe(true);
        expect(width).toBeGreaterThanOrEqual(MICROS_PER_MS);
        expect(bucketCount(fromUs, toUs, width)).toBeLessThanOrEqual(Math.max(points, 2));
      }),
    );
  });
});

describe(csvTime.name, () => {
  it('writes every time a query takes in every precision', () => {
    fc.assert(
      fc.property(time, fc.constantFrom(...CSV_PRECISIONS), (micros, precision) => {
        expect(csvTime(micros, precision)).toMatch(/^-?\d+$|^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      }),
    );
  });
});
