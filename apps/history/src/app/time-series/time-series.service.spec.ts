import { Subject } from 'rxjs';
import { TimedValues, TimeSeriesStore } from '@eventcast/time-series-store';
import { openInMemoryTimeSeriesStore } from '../../../test/fakes/in-memory-time-series-store';
import { HistoryWriter, WrittenBatch } from '../ingest/history-writer.service';
import { KnownFields } from './known-fields.service';
import { TimeSeriesService } from './time-series.service';

const SECOND = 1_000_000;
const MINUTE = 60 * SECOND;
/** 2024-05-02T00:00:00Z in microseconds. */
const BASE = Date.UTC(2024, 4, 2) * 1000;
const iso = (micros: number) => new Date(micros / 1000).toISOString();

function event(ts: number, values: Record<string, number>): TimedValues {
  return { ts, values: new Map(Object.entries(values)) };
}

describe(TimeSeriesService.name, () => {
  let store: TimeSeriesStore;
  let timeseries: TimeSeriesService;
  let written: Subject<WrittenBatch>;

  beforeEach(async () => {
    store = await openInMemoryTimeSeriesStore();
    written = new Subject();
    const knownFields = new KnownFields(store, { written$: written } as unknown as HistoryWriter);
    knownFields.onModuleInit();
    timeseries = new TimeSeriesService(store, knownFields);
  });

  afterEach(() => store.close());

  async function csv(query: Parameters<TimeSeriesService['planCsv']>[0]): Promise<string> {
    let text = '';
    for await (const chunk of timeseries.csvLines(timeseries.planCsv(query))) text += chunk;
    return text;
  }

  describe('fields', () => {
    it('lists the fields with values within the duration, sorted', async () => {
      const now = Date.now() * 1000;
      await store.write([
        event(now - 2 * 3_600 * SECOND, { 'c1/old': 1 }),
        event(now - MINUTE, { 'c1/b': 1, 'c1/a': 2 }),
      ]);
      await expect(timeseries.fields({})).resolves.toEqual(['c1/a', 'c1/b', 'c1/old']);
      await expect(timeseries.fields({ duration: '1h' })).resolves.toEqual(['c1/a', 'c1/b']);
    });

    it('lists the fields stored after start from the written batches, by prefix, substring and limit', async () => {
      const now = Date.now() * 1000;
      await store.write([event(now - MINUTE, { 'c1/b': 1 })]);
      await expect(timeseries.fields({})).resolves.toEqual(['c1/b']);
      const batch = [event(now, { 'c2/Pump/speed': 1, 'c1/Sensor/temp': 2, 'c1/a': 3 })];
      written.next({ events: batch, values: 3, seconds: 0 });
      await expect(timeseries.fields({})).resolves.toEqual(['c1/Sensor/temp', 'c1/a', 'c1/b', 'c2/Pump/speed']);
      await expect(timeseries.fields({ prefix: 'c1/', limit: 2 })).resolves.toEqual(['c1/Sensor/temp', 'c1/a']);
      await expect(timeseries.fields({ search: 'TEMP' })).resolves.toEqual(['c1/Sensor/temp']);
      await expect(timeseries.fields({ prefix: 'c2/', search: 'sensor' })).resolves.toEqual([]);
    });

    it('refuses a duration it cannot read, naming it', async () => {
      await expect(timeseries.fields({ duration: '-5m' })).rejects.toThrow(
        /duration must be a positive duration .*"-5m"/,
      );
    });
  });

  describe('ranges', () => {
    beforeEach(async () => {
      await store.write([
        event(BASE, { t: 1, u: 5 }),
        event(BASE + 30 * SECOND, { t: 3 }),
        event(BASE + MINUTE, { t: 10 }),
      ]);
    });

    it('averages each field per bucket, within the points asked, one series per field asked once', async () => {
      const series = await timeseries.ranges({
        fields: ['t', 'u', 't', 'none'],
        start: iso(BASE),
        end: iso(BASE + 10 * MINUTE),
        points: 11,
      });
      expect(series).toEqual([
        {
          field: 't',
          values: [
            [BASE / 1000, 2],
            [(BASE + MINUTE) / 1000, 10],
          ],
          resolution: 'raw',
        },
        { field: 'u', values: [[BASE / 1000, 5]], resolution: 'raw' },
        { field: 'none', values: [], resolution: 'raw' },
      ]);
    });

    it('answers the same buckets from the rollup of minutes once it holds them, and says so', async () => {
      const query = { fields: ['t', 'u'], start: iso(BASE), end: iso(BASE + 10 * MINUTE), points: 11 };
      const fromRaw = await timeseries.ranges(query);
      await store.maintain(Date.now() * 1000);
      const fromRollup = await timeseries.ranges(query);
      expect(fromRollup.map((series) => series.resolution)).toEqual(['1m', '1m']);
      expect(fromRollup.map(({ field, values }) => ({ field, values }))).toEqual(
        fromRaw.map(({ field, values }) => ({ field, values })),
      );
    });

    it('averages whole buckets, also where the range starts inside one', async () => {
      const [t] = await timeseries.ranges({
        fields: ['t'],
        start: iso(BASE + 30 * SECOND),
        end: iso(BASE + 10 * MINUTE),
        points: 11,
      });
      expect(t.values[0]).toEqual([BASE / 1000, 2]);
    });

    it('answers no series for no fields', async () => {
      await expect(timeseries.ranges({ fields: [] })).resolves.toEqual([]);
    });

    it('refuses a range with start, end and duration, or an end before its start', async () => {
      await expect(
        timeseries.ranges({ fields: ['t'], start: iso(BASE), end: iso(BASE + MINUTE), duration: '1m' }),
      ).rejects.toThrow(/at most two of start, end and duration/);
      await expect(timeseries.ranges({ fields: ['t'], start: iso(BASE + MINUTE), end: iso(BASE) })).rejects.toThrow(
        /end .* is before start/,
      );
    });
  });

  describe('metrics', () => {
    it('gives the latest value of each field asked, in the order asked, leaving out fields without one', async () => {
      const now = Date.now() * 1000;
      await store.write([
        event(now - 2 * MINUTE, { a: 1, b: 7 }),
        event(now - MINUTE, { a: 2 }),
        event(now - 20 * MINUTE, { old: 3 }),
      ]);
      await expect(timeseries.metrics({ fields: ['b', 'a', 'old', 'a'] })).resolves.toEqual([
        { field: 'b', value: 7, timestamp: expect.stringMatching(/^\d{4}-.*\.\d{6}Z$/) },
        { field: 'a', value: 2, timestamp: expect.stringMatching(/^\d{4}-.*\.\d{6}Z$/) },
      ]);
      await expect(timeseries.metrics({ fields: ['old'], duration: '1h' })).resolves.toMatchObject([
        { field: 'old', value: 3 },
      ]);
      await expect(timeseries.metrics({ fields: [] })).resolves.toEqual([]);
    });
  });

  describe('csvLines', () => {
    it('writes a header and one row per time, oldest first, with an empty cell where a field has no value', async () => {
      await store.write([
        event(BASE, { a: 1, b: 2 }),
        event(BASE + SECOND, { b: 3 }),
        event(BASE + 2 * SECOND, { a: 4.5, other: 9 }),
      ]);
      await expect(csv({ fields: ['a', 'b'], start: iso(BASE), duration: '1m', precision: 's' })).resolves.toBe(
        ['time,a,b', `${BASE / SECOND},1,2`, `${BASE / SECOND + 1},,3`, `${BASE / SECOND + 2},4.5,`, ''].join('\r\n'),
      );
    });

    it('writes the header alone for no fields, and ISO times when asked', async () => {
      await store.write([event(BASE, { a: 1 })]);
      await expect(csv({ fields: [], start: iso(BASE), duration: '1m', precision: 'ISO8601' })).resolves.toBe(
        'time\r\n',
      );
      await expect(csv({ fields: ['a'], start: iso(BASE), duration: '1m', precision: 'ISO8601' })).resolves.toBe(
        'time,a\r\n2024-05-02T00:00:00.000000Z,1\r\n',
      );
    });

    it('writes every time once and whole when the export spans several pages of the store', async () => {
      const times = 6_000;
      await store.write(
        Array.from({ length: times }, (_, index) => event(BASE + index * 1000, { a: index, b: -index })),
      );
      const rows = (await csv({ fields: ['a', 'b'], start: iso(BASE), duration: '1h', precision: 'ms' }))
        .trimEnd()
        .split('\r\n')
        .slice(1);
      expect(rows).toHaveLength(times);
      expect(rows.every((row, index) => row === `${BASE / 1000 + index},${index},${-index}`)).toBe(true);
    });
  });

  describe('while the store cannot answer', () => {
    beforeEach(async () => {
      await timeseries.fields({});
      await store.close();
    });

    it('lists the fields it loaded before, from memory', async () => {
      written.next({ events: [event(Date.now() * 1000, { 'c1/a': 1 })], values: 1, seconds: 0 });
      await expect(timeseries.fields({})).resolves.toEqual(['c1/a']);
    });

    it('answers every query with the reason the store gave', async () => {
      // The reason the store gave; which error class carries it is the transport mapping's business.
      const unavailable = /:memory: is not open/;
      const unloaded = new KnownFields(store, { written$: written } as unknown as HistoryWriter);
      await expect(new TimeSeriesService(store, unloaded).fields({})).rejects.toThrow(unavailable);
      await expect(timeseries.ranges({ fields: ['t'] })).rejects.toThrow(unavailable);
      await expect(timeseries.metrics({ fields: ['t'] })).rejects.toThrow(unavailable);
      await expect(csv({ fields: ['t'], precision: 's' })).rejects.toThrow(unavailable);
    });
  });
});
