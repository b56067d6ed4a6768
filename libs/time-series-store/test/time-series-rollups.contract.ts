import { randomBytes } from 'node:crypto';
import { waitFor } from '@eventcast/testing';
import { BucketAverages, FieldValue, Resolution, Retention, TimedValues, TimeSeriesStore } from '../src';

const SECOND = 1_000_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A whole UTC day, so buckets of a minute, an hour or a day all start on it. */
const BASE = Date.UTC(2024, 6, 1) * 1000;
/** QuestDB refreshes its views in the background: long enough for a refresh of a few days of values. */
const ROLLED_UP_MS = 90_000;
/** Each test writes days of values and waits for the rollups: longer than Jest's 5 s. */
const TEST_MS = 3 * ROLLED_UP_MS;

/** Opens a store at a place of its own (a file, a table), with a retention. */
export type OpenStoreAt = (place: string, retention?: Retention) => Promise<TimeSeriesStore>;

/**
 * The part of the `TimeSeriesStore` contract about rollups and retention (docs/history.md,
 * "Retention and rollups"), run by `describeTimeSeriesStoreContract`. Each test has a store of its
 * own, as retention drops whole days of every field.
 */
export function describeRollupContract(openAt: OpenStoreAt): void {
  describe('rollups and retention', () => {
    const opened: TimeSeriesStore[] = [];
    const place = (what: string) => `${what}_${randomBytes(4).toString('hex')}`;
    async function open(name: string, retention?: Retention): Promise<TimeSeriesStore> {
      const store = await openAt(name, retention);
      opened.push(store);
      return store;
    }

    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });

    it(
      'sums whole hours and minutes from its rollups once they hold them, with the buckets and averages of the raw points',
      async () => {
        const store = await open(place('rollups'));
        const events = controllerDay(BASE, 3 * DAY, 20 * SECOND);
        await writeAll(store, events);
        await waitFor('every value readable', async () => (await countValues(store, events)) === valueCount(events));
        const cases: Array<[number, Resolution]> = [
          [6 * HOUR, '1h'],
          [5 * MINUTE, '1m'],
          [30 * SECOND, 'raw'],
        ];
        const fromRaw = await Promise.all(
          cases.map(([width]) => store.averages(FIELDS, BASE, BASE + 3 * DAY - 1, width)),
        );
        for (const [index, [width]] of cases.entries()) expectAverages(fromRaw[index].values, events, width);

        await store.maintain(Date.now() * 1000);
        for (const [index, [width, resolution]] of cases.entries()) {
          const answer = await averagesFrom(store, resolution, BASE, BASE + 3 * DAY - 1, width);
          expectAverages(answer.values, events, width);
          expectSameBuckets(answer.values, fromRaw[index].values);
        }
      },
      TEST_MS,
    );

    it(
      'finishes its rollups after a restart in the middle of a refresh, as if it had not stopped',
      async () => {
        const name = place('restart');
        const first = await open(name);
        const events = controllerDay(BASE, 20 * DAY, MINUTE, 20);
        await writeAll(first, events);
        await waitFor(
          'every value readable',
          async () => (await countValues(first, events)) === valueCount(events),
          60_000,
        );
        const refreshing = first.maintain(Date.now() * 1000).catch((error: unknown) => error);
        // No event marks a refresh under way: 50 ms in, DuckDB was seen interrupted in the middle of it.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await first.close();
        await refreshing;

        const again = await open(name);
        await again.maintain(Date.now() * 1000);
        for (const [width, resolution] of [
          [DAY, '1h'],
          [10 * MINUTE, '1m'],
        ] as Array<[number, Resolution]>) {
          const answer = await averagesFrom(again, resolution, BASE, BASE + 20 * DAY - 1, width);
          expectAverages(answer.values, events, width);
        }
      },
      TEST_MS,
    );

    it(
      'drops raw points and rollups a whole day at a time once older than their retention, and keeps the rollups longer',
      async () => {
        const name = place('retention');
        const nowUs = Date.now() * 1000;
        const start = Math.floor((nowUs - 6 * DAY) / HOUR) * HOUR;
        const events = controllerDay(start, Math.floor((nowUs - 10 * MINUTE - start) / HOUR) * HOUR, 10 * MINUTE, 2);
        const first = await open(name);
        await writeAll(first, events);
        await first.maintain(nowUs);
        if (first.hasRollups) {
          await waitFor(
            'the hours rolled up',
            async () => (await first.averages(FIELDS, start, start + 5 * DAY - 1, DAY)).resolution === '1h',
            ROLLED_UP_MS,
          );
        }
        await first.close();

        const store = await open(name, { rawUs: 2 * DAY, rollupUs: 4 * DAY });
        const latest = { ts: nowUs, values: new Map(FIELDS.map((field) => [field, 1])) };
        await store.write([latest]);
        await store.maintain(Date.now() * 1000);
        const rawCut = Math.floor((nowUs - 2 * DAY) / DAY) * DAY;
        const rollupCut = Math.floor((nowUs - 4 * DAY) / DAY) * DAY;
        const kept = [...events, latest].filter((event) => event.ts >= rawCut);
        await waitFor(
          'the raw points before the cut dropped',
          async () => {
            const raw = await store.values(FIELDS, start - DAY, nowUs, 100_000);
            return raw.length === valueCount(kept) && raw[0].ts === kept[0].ts;
          },
          ROLLED_UP_MS,
        );
        if (!store.hasRollups) return;
        const hours = await waitFor(
          'the rollups before their cut dropped',
          async () => {
            const averages = await store.averages(FIELDS, start - DAY, rawCut - 1, HOUR);
            const first = Math.min(...averages.values.map((bucket) => bucket.ts));
            return averages.resolution === '1h' && first >= rollupCut && averages;
          },
          ROLLED_UP_MS,
        );
        const rolledUpOnly = events.filter((event) => event.ts >= rollupCut && event.ts < rawCut);
        expectAverages(hours.values, rolledUpOnly, HOUR);
      },
      TEST_MS,
    );
  });
}

const FIELDS = ['rollup/fridge/temp[degC]', 'rollup/fridge/door', "rollup/it's"];

/** Events every `stepUs` over `spanUs` from `startUs`: a slowly drifting temperature, a door, a quoted name. */
function controllerDay(startUs: number, spanUs: number, stepUs: number, extraFields = 0): TimedValues[] {
  return Array.from({ length: Math.floor(spanUs / stepUs) }, (_, index) => {
    const values = new Map<string, number>([
      [FIELDS[0], 20 + 5 * Math.sin(index / 100) + index * 1e-3],
      [FIELDS[1], index % 7 === 0 ? 1 : 0],
      [FIELDS[2], -index / 3],
    ]);
    for (let extra = 0; extra < extraFields; extra++) values.set(`rollup/extra/${extra}`, index + extra / 10);
    return { ts: startUs + index * stepUs, values };
  });
}

/**
 * The averages of FIELDS once the store sums them from `resolution` (from raw points on a store
 * without rollups), waiting for the rollups to take what was written.
 */
async function averagesFrom(
  store: TimeSeriesStore,
  resolution: Resolution,
  fromUs: number,
  toUs: number,
  width: number,
): Promise<BucketAverages> {
  const expected = store.hasRollups ? resolution : 'raw';
  return waitFor(
    `buckets of ${width / SECOND} s from ${expected}`,
    async () => {
      const averages = await store.averages(FIELDS, fromUs, toUs, width);
      return averages.resolution === expected && averages;
    },
    ROLLED_UP_MS,
  );
}

async function writeAll(store: TimeSeriesStore, events: readonly TimedValues[]): Promise<void> {
  for (let index = 0; index < events.length; index += 1_000) await store.write(events.slice(index, index + 1_000));
}

function valueCount(events: readonly TimedValues[]): number {
  return events.reduce(
    (count, event) => count + [...event.values.keys()].filter((field) => FIELDS.includes(field)).length,
    0,
  );
}

async function countValues(store: TimeSeriesStore, events: readonly TimedValues[]): Promise<number> {
  const rows = await store.values(FIELDS, events[0].ts, events[events.length - 1].ts, 10_000_000);
  return rows.length;
}

/** The averages the raw points give per bucket of `width`, computed here. */
function expectAverages(answer: readonly FieldValue[], events: readonly TimedValues[], width: number): void {
  const sums = new Map<string, { field: string; ts: number; total: number; count: number }>();
  for (const event of events) {
    for (const field of FIELDS) {
      const value = event.values.get(field);
      if (value === undefined) continue;
      const ts = Math.floor(event.ts / width) * width;
      const sum = sums.get(`${field}@${ts}`) ?? { field, ts, total: 0, count: 0 };
      sum.total += value;
      sum.count += 1;
      sums.set(`${field}@${ts}`, sum);
    }
  }
  const expected = [...sums.values()].map(({ field, ts, total, count }) => ({ field, ts, value: total / count }));
  expectSameBuckets(answer, expected);
}

/**
 * The same buckets with the same averages, up to the rounding of a sum of doubles taken in another
 * order (a rollup adds minutes, the raw points add values): 1e-12 relative.
 */
function expectSameBuckets(answer: readonly FieldValue[], expected: readonly FieldValue[]): void {
  const key = (bucket: FieldValue) => `${bucket.field}@${bucket.ts}`;
  const sorted = (buckets: readonly FieldValue[]) => [...buckets].sort((a, b) => key(a).localeCompare(key(b)));
  const [got, want] = [sorted(answer), sorted(expected)];
  expect(got.map(key)).toEqual(want.map(key));
  const off = got.filter((bucket, index) => {
    const value = want[index].value;
    return !(Math.abs(bucket.value - value) <= 1e-12 * Math.max(1, Math.abs(value)));
  });
  expect(off).toEqual([]);
}
