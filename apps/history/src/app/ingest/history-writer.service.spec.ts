import { Logger } from '@nestjs/common';
import { HistoryConfig, readHistoryConfig } from '../../config/history.config';
import { FieldValue, TimedValues, TimeSeriesStore } from '@eventcast/time-series-store';
import { HistoryWriter, RETRY_INTERVAL_MS, WRITE_BATCH_VALUES } from './history-writer.service';

/** A store that records the batches it takes, and refuses them while `down` or `refusing`. */
class RecordingStore extends TimeSeriesStore {
  readonly description = 'the test store';
  readonly batches: number[][] = [];
  down = false;
  refusing = false;

  async write(events: readonly TimedValues[]): Promise<void> {
    if (this.down) throw new Error('connection refused');
    if (this.refusing) throw new Error('bad row');
    this.batches.push(events.map((event) => event.ts));
  }

  async check(): Promise<void> {
    if (this.down) throw new Error('connection refused');
  }

  open = async () => undefined;
  close = async () => undefined;
  fields = async (): Promise<string[]> => [];
  averages = async (): Promise<FieldValue[]> => [];
  latest = async (): Promise<FieldValue[]> => [];
  values = async (): Promise<FieldValue[]> => [];
}

function event(ts: number, size: number): TimedValues {
  return { ts, values: new Map(Array.from({ length: size }, (_, index) => [`k/${index}`, index])) };
}

describe(HistoryWriter.name, () => {
  let now: number;
  let store: RecordingStore;
  let errors: jest.SpyInstance;

  function writer(config: Partial<HistoryConfig> = {}): HistoryWriter {
    return new HistoryWriter(store, { ...readHistoryConfig({}), ...config });
  }

  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    store = new RecordingStore();
  });

  afterEach(() => jest.restoreAllMocks());

  it('writes waiting events in order, in batches of whole events', async () => {
    const subject = writer();
    const size = Math.floor(WRITE_BATCH_VALUES / 2) - 1;
    [1, 2, 3].forEach((ts) => subject.add(event(ts, size)));
    await subject.flush();
    expect(store.batches).toEqual([[1, 2], [3]]);
    expect(subject.stats.writtenValues).toBe(3 * size);
    expect(subject.waitingValues).toBe(0);
  });

  it('keeps values while the store is unreachable and writes them in order once it answers again', async () => {
    const subject = writer();
    store.down = true;
    subject.add(event(1, 10));
    await subject.flush();
    subject.add(event(2, 10));
    expect(subject.waitingValues).toBe(20);

    store.down = false;
    await subject.flush();
    expect(store.batches).toEqual([]); // not before the retry interval

    now += RETRY_INTERVAL_MS;
    await subject.flush();
    expect(store.batches).toEqual([[1, 2]]);
    expect(subject.stats).toEqual({ writtenValues: 20, overflowValues: 0, rejectedValues: 0 });
  });

  it('drops an event that does not fit the buffer, counts it and logs it', async () => {
    const subject = writer({ bufferValues: 1000 });
    store.down = true;
    subject.add(event(1, 600));
    subject.add(event(2, 600));
    expect(subject.waitingValues).toBe(600);
    expect(subject.stats.overflowValues).toBe(600);
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(
        /^buffer full \(it holds 1000 values waiting for the test store\): dropped 600 values of 1 events/,
      ),
    );
  });

  it('writes everything that waits when the application shuts down', async () => {
    const subject = writer();
    subject.add(event(1, 5));
    subject.add(event(2, 5));
    await subject.onApplicationShutdown();
    expect(store.batches).toEqual([[1, 2]]);
  });

  it('counts and logs values that arrive after the shutdown has written the buffer', async () => {
    const subject = writer();
    await subject.onApplicationShutdown();
    subject.add(event(1, 5));
    expect(subject.stats.overflowValues).toBe(5);
    expect(errors).toHaveBeenCalledWith('5 values arrived after the buffer was written at shutdown and are not stored');
  });

  it('drops a batch that the reachable store keeps refusing, and goes on with the next', async () => {
    const subject = writer();
    store.refusing = true;
    subject.add(event(1, 5));
    for (let attempt = 0; attempt < 3; attempt++) {
      await subject.flush();
      now += RETRY_INTERVAL_MS;
    }
    expect(subject.stats.rejectedValues).toBe(5);
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining('refused the same batch 3 times (bad row); dropping it'),
    );

    store.refusing = false;
    subject.add(event(2, 5));
    await subject.flush();
    expect(store.batches).toEqual([[2]]);
  });

  it('tells its listeners after each written batch', async () => {
    const subject = writer();
    const told = jest.fn();
    subject.written$.subscribe(told);
    subject.add(event(1, 5));
    await subject.flush();
    expect(told).toHaveBeenCalledTimes(1);
  });
});
