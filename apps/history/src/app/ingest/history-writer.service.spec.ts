import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { flattenHistoryEvent } from '@eventcast/flatten';
import {
  Annotation,
  BucketAverages,
  FieldTime,
  FieldValue,
  TimedValues,
  storeUnanswered,
  TimeSeriesStore,
} from '@eventcast/time-series-store';
import { HistoryConfig, readHistoryConfig } from '../../config/history.config';
import { HistoryWriter, RETRY_INTERVAL_MS, WRITE_BATCH_VALUES } from './history-writer.service';
import { EventSpool, SpoolFullError } from './spool/event-spool';
import { annotationRecord } from './spool/spooled-entry';

/** A store that records the batches it takes, and refuses them while `down` or `refusing`. */
class RecordingStore extends TimeSeriesStore {
  readonly description = 'the test store';
  readonly batches: number[][] = [];
  readonly keptAnnotations: Annotation[] = [];
  down = false;
  refusing = false;
  /** The store answers its check but cannot write (its disk is full). */
  cannotWrite = false;
  /** Events stamped with one of these make the store refuse their batch. */
  readonly badEvents = new Set<number>();

  async write(events: readonly TimedValues[]): Promise<void> {
    if (this.down) throw new Error('connection refused');
    if (this.cannotWrite) throw storeUnanswered('Could not write file "history.duckdb.wal": No space left on device');
    if (this.refusing || events.some((event) => this.badEvents.has(event.ts))) throw new Error('bad row');
    this.batches.push(events.map((event) => event.ts));
    events.forEach((event) => event.annotation && this.keptAnnotations.push(event.annotation));
  }

  async check(): Promise<void> {
    if (this.down) throw new Error('connection refused');
  }

  open = async () => undefined;
  close = async () => undefined;
  fieldTimes = async (): Promise<FieldTime[]> => [];
  readonly hasRollups = false;
  maintain = async () => undefined;
  averages = async (): Promise<BucketAverages> => ({ resolution: 'raw', values: [] });
  latest = async (): Promise<FieldValue[]> => [];
  values = async (): Promise<FieldValue[]> => [];
  annotations = async (): Promise<Annotation[]> => [];
}

/** An event of `size` values as it arrives: its payload and its flattened values. */
function event(ts: number, size: number) {
  const payload = { key: 'k', data: Object.fromEntries(Array.from({ length: size }, (_, index) => [index, index])) };
  return { ts, bytes: Buffer.from(JSON.stringify(payload)), values: flattenHistoryEvent(payload) };
}

describe(HistoryWriter.name, () => {
  let now: number;
  let store: RecordingStore;
  let folder: string;
  let errors: jest.SpyInstance;
  let spools: EventSpool[];

  function writer(config: Partial<HistoryConfig> = {}): HistoryWriter {
    const spool = EventSpool.open(folder, {
      segmentBytes: 1 << 20,
      maxBytes: config.spoolMaxBytes ?? 0,
      syncEveryMs: 0,
    });
    spools.push(spool);
    const subject = new HistoryWriter(store, spool, {
      ...readHistoryConfig({ MQTT_CLIENT_ID: 'history-writer-spec' }),
      ...config,
    });
    subject.onModuleInit();
    return subject;
  }

  function accept(subject: HistoryWriter, ...events: ReturnType<typeof event>[]): void {
    events.forEach(({ ts, bytes, values }) => subject.accept(ts, bytes, values));
  }

  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    jest.spyOn(global, 'setInterval').mockReturnValue(undefined as never); // the tests flush by hand
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    store = new RecordingStore();
    folder = mkdtempSync(join(tmpdir(), 'history-writer-'));
    spools = [];
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    spools.forEach((spool) => spool.close());
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes waiting events in order, in batches of whole events', async () => {
    const subject = writer();
    const size = Math.floor(WRITE_BATCH_VALUES / 2) - 1;
    accept(subject, event(1, size), event(2, size), event(3, size));
    await subject.flush();
    expect(store.batches).toEqual([[1, 2], [3]]);
    expect(subject.stats.writtenValues).toBe(3 * size);
    expect(subject.waitingValues).toBe(0);
  });

  it('keeps values while the store is unreachable and writes them in order once it answers again', async () => {
    const subject = writer();
    store.down = true;
    accept(subject, event(1, 10));
    await subject.flush();
    accept(subject, event(2, 10));
    expect(subject.waitingValues).toBe(20);

    store.down = false;
    await subject.flush();
    expect(store.batches).toEqual([]); // not before the retry interval

    now += RETRY_INTERVAL_MS;
    await subject.flush();
    expect(store.batches).toEqual([[1, 2]]);
    expect(subject.stats).toEqual({
      writtenValues: 20,
      writtenAnnotations: 0,
      rejectedValues: 0,
      rejectedAnnotations: 0,
      replayedEvents: 0,
    });
  });

  it('keeps what does not fit in memory in the spool alone, and writes all of it in order once the store answers', async () => {
    const subject = writer({ bufferValues: 1000 });
    store.down = true;
    accept(subject, ...[1, 2, 3, 4, 5].map((ts) => event(ts, 600)));
    expect(subject.waitingValues).toBe(600);
    expect(subject.hasBacklog).toBe(true);

    store.down = false;
    await subject.flush();
    expect(store.batches.flat()).toEqual([1, 2, 3, 4, 5]);
    expect(subject.stats).toEqual({
      writtenValues: 3000,
      writtenAnnotations: 0,
      rejectedValues: 0,
      rejectedAnnotations: 0,
      replayedEvents: 4,
    });
    expect(subject.hasBacklog).toBe(false);
  });

  it('writes after a restart what it had taken but not written, with the times it had, and nothing twice', async () => {
    const before = writer();
    accept(before, event(1, 5));
    await before.flush();
    store.down = true;
    accept(before, event(2, 5), event(3, 5));
    await before.flush(); // killed here: no shutdown

    store.down = false;
    const after = writer();
    await after.flush();
    expect(store.batches).toEqual([[1], [2, 3]]);
    expect(after.stats.replayedEvents).toBe(2);
  });

  it('reads a large backlog back from the spool a few batches at a time, not all at once', async () => {
    const before = writer();
    store.down = true;
    accept(before, ...[1, 2, 3, 4, 5, 6].map((ts) => event(ts, WRITE_BATCH_VALUES / 2)));

    store.down = false;
    const after = writer();
    expect(after.waitingValues).toBe(2 * WRITE_BATCH_VALUES);
    expect(after.hasBacklog).toBe(true);
    await after.flush();
    expect(store.batches).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(after.hasBacklog).toBe(false);
  });

  it('writes everything that waits when the application shuts down, and takes nothing after', async () => {
    const subject = writer();
    accept(subject, event(1, 5), event(2, 5));
    await subject.onApplicationShutdown();
    expect(store.batches).toEqual([[1, 2]]);
    expect(() => accept(subject, event(3, 5))).toThrow('the history writer is closed');
  });

  it('leaves what the store did not take by the shutdown in the spool, for the next start', async () => {
    const subject = writer();
    store.down = true;
    accept(subject, event(1, 5));
    const shutdown = subject.onApplicationShutdown();
    now += 60_000;
    await shutdown;

    store.down = false;
    await writer().flush();
    expect(store.batches).toEqual([[1]]);
  });

  it('refuses an event the spool has no room for, and keeps nothing of it', async () => {
    const subject = writer({ spoolMaxBytes: 200 });
    store.down = true;
    accept(subject, event(1, 5));
    expect(() => accept(subject, event(2, 50))).toThrow(SpoolFullError);
    expect(subject.waitingValues).toBe(5);

    store.down = false;
    now += RETRY_INTERVAL_MS;
    await subject.flush();
    expect(store.batches).toEqual([[1]]);
  });

  it('drops an event that the reachable store keeps refusing, goes on with the next, and does not write it after a restart', async () => {
    const subject = writer();
    store.refusing = true;
    accept(subject, event(1, 5));
    for (let attempt = 0; attempt < 3; attempt++) {
      await subject.flush();
      now += RETRY_INTERVAL_MS;
    }
    expect(subject.stats.rejectedValues).toBe(5);
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining(
        'refused an event of 5 values received at 1970-01-01T00:00:00.000Z (bad row); dropping it',
      ),
    );

    store.refusing = false;
    accept(subject, event(2, 5));
    await subject.flush();
    await writer().flush();
    expect(store.batches).toEqual([[2]]);
  });

  it('drops nothing while the store answers but says it cannot write, and writes it all in order once it can', async () => {
    const subject = writer();
    store.cannotWrite = true;
    accept(subject, ...[1, 2, 3].map((ts) => event(ts, 4)));
    for (let attempt = 0; attempt < 10; attempt++) {
      await subject.flush();
      now += RETRY_INTERVAL_MS;
    }
    expect(subject.stats.rejectedValues).toBe(0);
    expect(errors).not.toHaveBeenCalled();

    store.cannotWrite = false;
    await subject.flush();
    expect(store.batches).toEqual([[1, 2, 3]]);
    expect(subject.stats.writtenValues).toBe(12);
  });

  it('drops only the event the reachable store refuses from a batch it keeps refusing, and writes the others in order', async () => {
    const subject = writer();
    const events = [1, 2, 3, 4, 5, 6, 7, 8].map((ts) => event(ts, 3));
    store.badEvents.add(6);
    accept(subject, ...events);
    for (let attempt = 0; attempt < 12 && subject.waitingValues > 0; attempt++) {
      await subject.flush();
      now += RETRY_INTERVAL_MS;
    }
    expect(store.batches.flat()).toEqual([1, 2, 3, 4, 5, 7, 8]);
    expect(subject.stats).toMatchObject({ writtenValues: 21, rejectedValues: 3 });
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('refused an event of 3 values received at'));

    store.badEvents.clear();
    await writer().flush();
    expect(store.batches.flat()).toEqual([1, 2, 3, 4, 5, 7, 8]);
  });

  it('tells its listeners after each written batch, with its events, values and how long the store took', async () => {
    const subject = writer();
    const told = jest.fn();
    subject.written$.subscribe(told);
    accept(subject, event(1, 5));
    await subject.flush();
    expect(told).toHaveBeenCalledTimes(1);
    expect(told).toHaveBeenCalledWith({
      events: [expect.objectContaining({ ts: 1, values: new Map([0, 1, 2, 3, 4].map((v) => [`k/${v}`, v])) })],
      values: 5,
      seconds: expect.any(Number) as number,
    });
  });

  it('writes an annotation with the values of its batch, and after a restart the one it had not written, once', async () => {
    const note = (id: string): Annotation => ({ id, ts: 5, kind: 'note', blocks: [], detail: { text: `note ${id}` } });
    const before = writer();
    accept(before, event(1, 3));
    before.accept(2, annotationRecord(note('a')), new Map(), note('a'));
    await before.flush();
    store.down = true;
    before.accept(3, annotationRecord(note('b')), new Map(), note('b'));
    await before.flush(); // killed here: no shutdown

    store.down = false;
    const after = writer();
    await after.flush();
    expect(store.batches).toEqual([[1, 2], [3]]);
    expect(store.keptAnnotations).toEqual([note('a'), note('b')]);
    expect(after.stats).toMatchObject({ writtenValues: 0, writtenAnnotations: 1, replayedEvents: 1 });
  });
});
