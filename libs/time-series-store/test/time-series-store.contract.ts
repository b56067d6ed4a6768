import { randomBytes } from 'node:crypto';
import { waitFor } from '@eventcast/testing';
import { FieldValue, TimedValues, TimeSeriesStore } from '../src';
import { describeAnnotationContract } from './time-series-annotations.contract';
import { describeRollupContract, OpenStoreAt } from './time-series-rollups.contract';

const SECOND = 1_000_000;
const DAY = 86_400 * SECOND;
/** A whole UTC day, so buckets of a minute, an hour or a day all start on it. */
const BASE = Date.UTC(2024, 4, 2) * 1000;

/**
 * The contract every `TimeSeriesStore` adapter keeps. Reads poll until they see what was
 * written, because QuestDB makes a write readable a moment after it returns.
 */
export function describeTimeSeriesStoreContract(
  adapter: string,
  open: () => Promise<TimeSeriesStore>,
  openAt: OpenStoreAt,
): void {
  describe(`${adapter} as a TimeSeriesStore`, () => {
    describeRollupContract(openAt);
    describeAnnotationContract(open, openAt);

    let store: TimeSeriesStore;
    let prefix: string;
    const name = (field: string) => `${prefix}/${field}`;

    beforeAll(async () => {
      store = await open();
    });

    afterAll(async () => {
      await store.close();
    });

    beforeEach(() => {
      prefix = `contract-${randomBytes(4).toString('hex')}`;
    });

    function event(ts: number, values: Record<string, number>): TimedValues {
      return { ts, values: new Map(Object.entries(values).map(([field, value]) => [name(field), value])) };
    }

    /** What `read` gives once it has `count` rows. */
    function eventually(read: () => Promise<FieldValue[]>, count: number): Promise<FieldValue[]> {
      return waitFor(`${count} rows`, async () => {
        const rows = await read();
        return rows.length >= count && rows;
      });
    }

    it('gives back every value written, with its time and its exact number', async () => {
      const numbers = [
        0.1, -273.15, 1e-7, 123456.789, 42, 0, 5e-324, 1e21, -2.5e-300, -1.7976931348623157e308, 1.7976931348623157e308,
      ];
      await store.write(numbers.map((value, index) => event(BASE + index * SECOND, { v: value })));
      const rows = await eventually(() => store.values([name('v')], BASE, BASE + DAY, 100), numbers.length);
      expect(rows).toEqual(numbers.map((value, index) => ({ field: name('v'), ts: BASE + index * SECOND, value })));
    });

    it('gives back -0 as a zero: the contract lets a store drop the sign, as QuestDB 8.x does', async () => {
      await store.write([event(BASE, { z: -0 })]);
      const [row] = await eventually(() => store.values([name('z')], BASE, BASE, 10), 1);
      expect(row.value === 0).toBe(true);
    });

    it('keeps field names with quotes, escapes, control characters and any other character exactly as written', async () => {
      const fields = [
        ...[
          'a b',
          'a,b',
          "it's",
          'say "hi"',
          'x=y',
          'value[degC]',
          'back\\slash',
          'ünï/日本',
          "a' OR '1'='1",
          "''",
          "end'",
        ],
        ...[
          'tab\there',
          'line\nbreak',
          'cr\rhere',
          'trail\\',
          '\\,\\ \\=',
          '-- ; # % _ *',
          '😀 emoji',
          'null\u0001ctl',
        ],
      ];
      await store.write([event(BASE, Object.fromEntries(fields.map((field, index) => [field, index])))]);
      const names = fields.map(name);
      const rows = await eventually(() => store.values(names, BASE, BASE, 100), fields.length);
      expect(rows.map((row) => [row.field, row.value]).sort()).toEqual(
        names.map((field, index) => [field, index]).sort(),
      );
      expect((await store.latest(names, BASE)).map((row) => row.field).sort()).toEqual([...names].sort());
      expect((await store.averages(names, BASE, BASE, SECOND)).values.map((row) => row.field).sort()).toEqual(
        [...names].sort(),
      );
      expect(
        (await store.fieldTimes())
          .map((row) => row.field)
          .filter((field) => field.startsWith(prefix))
          .sort(),
      ).toEqual([...names].sort());
    });

    it('lists every field with the time of its latest value', async () => {
      await store.write([event(BASE, { old: 1, new: 1 }), event(BASE + 10 * SECOND, { new: 2 })]);
      await eventually(() => store.values([name('old'), name('new')], BASE, BASE + DAY, 10), 3);
      const ours = (await store.fieldTimes()).filter((row) => row.field.startsWith(prefix));
      expect(ours.sort((a, b) => a.field.localeCompare(b.field))).toEqual([
        { field: name('new'), ts: BASE + 10 * SECOND },
        { field: name('old'), ts: BASE },
      ]);
    });

    it('averages values per bucket, buckets on multiples of the width from the epoch, both ends included', async () => {
      const minute = 60 * SECOND;
      await store.write([
        event(BASE - SECOND, { t: 100 }),
        event(BASE, { t: 1 }),
        event(BASE + 10 * SECOND, { t: 2, u: 10 }),
        event(BASE + 59 * SECOND, { t: 6 }),
        event(BASE + 70 * SECOND, { t: 7 }),
        event(BASE + 120 * SECOND, { t: 9 }),
        event(BASE + 121 * SECOND, { t: 100 }),
      ]);
      const read = async () => (await store.averages([name('t'), name('u')], BASE, BASE + 120 * SECOND, minute)).values;
      const rows = await eventually(read, 4);
      expect(rows.sort((a, b) => a.field.localeCompare(b.field) || a.ts - b.ts)).toEqual([
        { field: name('t'), ts: BASE, value: 3 },
        { field: name('t'), ts: BASE + minute, value: 7 },
        { field: name('t'), ts: BASE + 2 * minute, value: 9 },
        { field: name('u'), ts: BASE, value: 10 },
      ]);
    });

    it.each([
      ['250 ms', 250_000],
      ['15 s', 15 * SECOND],
      ['3 h', 3 * 3_600 * SECOND],
      ['7 days', 7 * DAY],
    ])('aligns %s buckets on multiples of their width from the epoch', async (_label, width) => {
      const start = BASE + 3 * DAY + 5 * 3_600 * SECOND + 123_456;
      await store.write([event(start, { w: 1 }), event(start + 1, { w: 3 })]);
      const rows = await eventually(
        async () => (await store.averages([name('w')], start - width, start + width, width)).values,
        1,
      );
      expect(rows).toEqual([{ field: name('w'), ts: Math.floor(start / width) * width, value: 2 }]);
    });

    it('averages a range that runs up to now as exactly as an old one, the newest minutes included', async () => {
      const tenMinutes = 600 * SECOND;
      const start = Math.floor((Date.now() * 1000) / tenMinutes) * tenMinutes - 2 * tenMinutes;
      const times = Array.from(
        { length: Math.floor((Date.now() * 1000 - start) / (30 * SECOND)) },
        (_, index) => start + index * 30 * SECOND,
      );
      await store.write(times.map((ts, index) => event(ts, { r: index })));
      const expected = [0, 1, 2]
        .map((bucket) =>
          times.map((ts, index) => [ts, index]).filter(([ts]) => Math.floor((ts - start) / tenMinutes) === bucket),
        )
        .filter((inBucket) => inBucket.length > 0)
        .map((inBucket, bucket) => ({
          field: name('r'),
          ts: start + bucket * tenMinutes,
          value: inBucket.reduce((sum, [, index]) => sum + index, 0) / inBucket.length,
        }));
      const read = async () =>
        (await store.averages([name('r')], start, start + 3 * tenMinutes - 1, tenMinutes)).values.sort(
          (a, b) => a.ts - b.ts,
        );
      await waitFor(
        'the averages of every bucket',
        async () => JSON.stringify(await read()) === JSON.stringify(expected),
      ).catch(async () => undefined);
      expect(await read()).toEqual(expected);
    });

    it('gives the latest value of each field at or after a time, and nothing for a field without one', async () => {
      await store.write([
        event(BASE, { a: 1, b: 5 }),
        event(BASE + SECOND, { a: 2 }),
        event(BASE + 2 * SECOND, { c: 3 }),
      ]);
      await eventually(() => store.values([name('a'), name('b'), name('c')], BASE, BASE + DAY, 10), 4);
      const latest = await store.latest([name('a'), name('b')], BASE + SECOND);
      expect(latest).toEqual([{ field: name('a'), ts: BASE + SECOND, value: 2 }]);
    });

    it('pages values in time order, at most the number asked for', async () => {
      await store.write(
        Array.from({ length: 10 }, (_, index) => event(BASE + index * SECOND, { p: index, q: -index })),
      );
      await eventually(() => store.values([name('p'), name('q')], BASE, BASE + DAY, 100), 20);
      const page = await store.values([name('p'), name('q')], BASE + 2 * SECOND, BASE + DAY, 5);
      expect(page.map((row) => row.ts)).toEqual([2, 2, 3, 3, 4].map((index) => BASE + index * SECOND));
      expect(page.filter((row) => row.field === name('p')).map((row) => row.value)).toEqual([2, 3, 4]);
    });

    it('stores every value of a large batch of events', async () => {
      const events = Array.from({ length: 2_000 }, (_, index) =>
        event(
          BASE + index * 1_000,
          Object.fromEntries(Array.from({ length: 10 }, (__, field) => [`f${field}`, index + field / 10])),
        ),
      );
      await store.write(events);
      const fields = Array.from({ length: 10 }, (_, field) => name(`f${field}`));
      const rows = await eventually(() => store.values(fields, BASE, BASE + DAY, 100_000), 20_000);
      expect(rows).toHaveLength(20_000);
      expect(rows[rows.length - 1]).toMatchObject({ ts: BASE + 1_999_000 });
    });

    it('reads every value of a write at once after saying it is readable', async () => {
      for (let batch = 0; batch < 5; batch++) {
        const ts = BASE + batch * SECOND;
        await store.write([event(ts, { s: batch, t: batch + 0.5 })]);
        await expect(store.readable(10_000)).resolves.toBe(true);
        const rows = await store.values([name('s'), name('t')], ts, ts, 10);
        expect(rows.sort((a, b) => a.field.localeCompare(b.field))).toEqual([
          { field: name('s'), ts, value: batch },
          { field: name('t'), ts, value: batch + 0.5 },
        ]);
      }
    });

    it('answers its health check while it is reachable', async () => {
      await expect(store.check()).resolves.toBeUndefined();
    });
  });
}
