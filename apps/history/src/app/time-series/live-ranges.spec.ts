import { Subject } from 'rxjs';
import { MICROS_PER_MS, nowMicros, TimedValues, TimeSeriesStore } from '@eventcast/time-series-store';
import { openInMemoryTimeSeriesStore } from '../../../test/fakes/in-memory-time-series-store';
import { HistoryWriter, WrittenBatch } from '../ingest/history-writer.service';
import { bucketStart } from './bucket.util';
import { FieldSeriesDto } from './dto/field-series.dto';
import { KnownFields } from './known-fields.service';
import { LiveRanges, LiveRangesQuery } from './live-ranges';
import { TimeSeriesService } from './time-series.service';

const SECOND = 1_000_000;

function event(ts: number, values: Record<string, number>): TimedValues {
  return { ts, values: new Map(Object.entries(values)) };
}

/** A client's live query that records what it is sent. */
class Graph implements LiveRangesQuery {
  readonly updates: FieldSeriesDto[][] = [];
  readonly errors: unknown[] = [];
  constructor(readonly plan: LiveRangesQuery['plan']) {}
  deliver(data: FieldSeriesDto[]): void {
    this.updates.push(data);
  }
  fail(error: unknown): void {
    this.errors.push(error);
  }
}

describe(LiveRanges.name, () => {
  let store: TimeSeriesStore;
  let timeseries: TimeSeriesService;
  let live: LiveRanges;

  beforeEach(async () => {
    store = await openInMemoryTimeSeriesStore();
    const knownFields = new KnownFields(store, { written$: new Subject<WrittenBatch>() } as unknown as HistoryWriter);
    timeseries = new TimeSeriesService(store, knownFields);
    live = new LiveRanges(timeseries);
  });

  afterEach(async () => {
    live.close();
    await store.close();
  });

  /** A live graph of the last 10 minutes in one-second buckets, past its first answer. */
  function graph(fields: string[]): { graph: Graph; stop: () => void } {
    const graph = new Graph(timeseries.planRanges({ fields, duration: '10m', points: 1000 }));
    const { ready, stop } = live.add(graph);
    void ready();
    return { graph, stop };
  }

  /** Stores `batch` as the writer does, then tells the live queries. */
  async function write(batch: TimedValues[]): Promise<void> {
    await store.write(batch);
    await live.written(batch);
  }

  it('sends a graph the buckets a write touched, averaged with what the bucket already held', async () => {
    const { graph: fridge } = graph(['fridge/temp', 'fridge/door']);
    const bucket = bucketStart(nowMicros() - 2 * SECOND, SECOND);
    await store.write([event(bucket + 100_000, { 'fridge/temp': 4 })]);
    await write([event(bucket + 600_000, { 'fridge/temp': 6 })]);
    expect(fridge.updates).toEqual([
      [
        { field: 'fridge/temp', values: [[bucket / MICROS_PER_MS, 5]], resolution: 'raw' },
        { field: 'fridge/door', values: [], resolution: 'raw' },
      ],
    ]);
  });

  it('sends nothing to a graph whose fields the write did not hold', async () => {
    const { graph: fridge } = graph(['fridge/temp']);
    await write([event(nowMicros() - SECOND, { 'kettle/temp': 90 })]);
    expect(fridge.updates).toEqual([]);
  });

  it('holds a graph’s updates until its first answer is sent, then sends them', async () => {
    const plan = timeseries.planRanges({ fields: ['fridge/temp'], duration: '10m', points: 1000 });
    const fridge = new Graph(plan);
    const { ready } = live.add(fridge);
    const ts = nowMicros() - SECOND;
    await write([event(ts, { 'fridge/temp': 4 })]);
    expect(fridge.updates).toEqual([]);
    await ready();
    expect(fridge.updates).toEqual([
      [{ field: 'fridge/temp', values: [[bucketStart(ts, SECOND) / MICROS_PER_MS, 4]], resolution: 'raw' }],
    ]);
  });

  it('reads once for every graph of the same bucket width, each getting only its own fields', async () => {
    const graphs = [graph(['a']), graph(['b']), graph(['a', 'b'])].map(({ graph: one }) => one);
    const averages = jest.spyOn(store, 'averages');
    const ts = nowMicros() - SECOND;
    await write([event(ts, { a: 1, b: 2 })]);
    expect(averages).toHaveBeenCalledTimes(1);
    const at = bucketStart(ts, SECOND) / MICROS_PER_MS;
    expect(graphs.map((one) => one.updates.map((data) => data.map(({ field, values }) => [field, values])))).toEqual([
      [[['a', [[at, 1]]]]],
      [[['b', [[at, 2]]]]],
      [
        [
          ['a', [[at, 1]]],
          ['b', [[at, 2]]],
        ],
      ],
    ]);
  });

  it('sends nothing to a graph that stopped', async () => {
    const { graph: fridge, stop } = graph(['fridge/temp']);
    stop();
    await write([event(nowMicros() - SECOND, { 'fridge/temp': 4 })]);
    expect(fridge.updates).toEqual([]);
  });

  it('tells each graph of a read the store refused, and goes on with the next write', async () => {
    const { graph: fridge } = graph(['fridge/temp']);
    jest.spyOn(store, 'averages').mockRejectedValueOnce(new Error('the store is away'));
    await write([event(nowMicros() - 2 * SECOND, { 'fridge/temp': 4 })]);
    expect(fridge.errors).toEqual([new Error('the store is away')]);
    await write([event(nowMicros() - SECOND, { 'fridge/temp': 5 })]);
    expect(fridge.updates).toHaveLength(1);
  });

  it('reads a write once the store has made it readable, and only once', async () => {
    live.close();
    live = new LiveRanges(timeseries, 50);
    const { graph: fridge } = graph(['fridge/temp']);
    let madeReadable = (_readable: boolean) => undefined as void;
    jest.spyOn(store, 'readable').mockReturnValueOnce(new Promise((done) => (madeReadable = done)));
    const late = event(nowMicros() - SECOND, { 'fridge/temp': 4 });
    const sent = live.written([late]);
    await store.write([late]);
    madeReadable(true);
    await sent;
    await new Promise((done) => setTimeout(done, 150));
    const at = bucketStart(late.ts, SECOND) / MICROS_PER_MS;
    expect(fridge.updates).toEqual([[{ field: 'fridge/temp', values: [[at, 4]], resolution: 'raw' }]]);
  });

  it('reads an update once more when it has settled, for a value the store did not say was readable in time', async () => {
    live.close();
    live = new LiveRanges(timeseries, 50);
    const { graph: fridge } = graph(['fridge/temp']);
    const readable = jest.spyOn(store, 'readable').mockResolvedValueOnce(false);
    const late = event(nowMicros() - SECOND, { 'fridge/temp': 4 });
    await live.written([late]);
    expect(readable).toHaveBeenCalledWith(50);
    await store.write([late]);
    while (fridge.updates.length < 2) await new Promise((done) => setTimeout(done, 5));
    // Settling reads are not settled again: nothing more comes in the next settling periods.
    await new Promise((done) => setTimeout(done, 150));
    const at = bucketStart(late.ts, SECOND) / MICROS_PER_MS;
    expect(fridge.updates).toEqual([
      [{ field: 'fridge/temp', values: [], resolution: 'raw' }],
      [{ field: 'fridge/temp', values: [[at, 4]], resolution: 'raw' }],
    ]);
  });
});
