import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Subject } from 'rxjs';
import { StoreUnavailableError } from '@eventcast/domain';
import { Annotation, TimedValues, TimeSeriesStore } from '@eventcast/time-series-store';
import { HistoryConfig } from '../../config/history.config';
import { EventSpool, SpoolPosition } from './spool/event-spool';
import { entryOfSpooledPayload, entrySize } from './spool/spooled-entry';

/** Values per write: big enough for few commits at 100,000 values/s, small enough to keep each write short. */
export const WRITE_BATCH_VALUES = 20_000;
/** Values that wait for fewer than a batch are written after at most this long. */
export const WRITE_INTERVAL_MS = 200;
/** Pause before writing again after the store refused a write. */
export const RETRY_INTERVAL_MS = 1_000;
/** A batch the store refuses this often while it answers `check` is at fault itself, and is dropped. */
const REFUSALS_OF_A_BAD_BATCH = 3;
/** Values read back from the spool at a time: a few batches, so that reading never holds the event loop long. */
const BACKLOG_READ_VALUES = 2 * WRITE_BATCH_VALUES;
/** How long the shutdown goes on writing to an unreachable store; what is left waits in the spool. */
const DRAIN_TIMEOUT_MS = 10_000;

/** What the writer has done since start-up. */
export interface HistoryWriterStats {
  writtenValues: number;
  writtenAnnotations: number;
  /** Values dropped because the store refused their batch while it was reachable. */
  rejectedValues: number;
  rejectedAnnotations: number;
  /** Events read back from the spool: the backlog of a restart, or of a store outage longer than memory. */
  replayedEvents: number;
}

/** A batch the store has taken: its events, their number of values and how long the store took, in seconds. */
export interface WrittenBatch {
  events: readonly TimedValues[];
  values: number;
  seconds: number;
}

/** Values in memory and where their spool record ends. */
interface SpooledValues extends TimedValues {
  readonly end: SpoolPosition;
}

/**
 * Between ingest and the store. Each event goes to the spool first (see docs/history.md, "Durable
 * ingest"), then into a bounded memory queue; one write at a time takes whole events off the queue
 * in order, in batches, when a batch is full or every `WRITE_INTERVAL_MS`, and releases them from
 * the spool once the store has them. While the queue is full (the store is away or slower than
 * ingest), events wait in the spool alone and are read back, in order, as the queue empties.
 */
@Injectable()
export class HistoryWriter implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(HistoryWriter.name);
  private readonly queue: SpooledValues[] = [];
  private readonly capacity: number;
  private queuedValues = 0;
  /** Where the events begin that wait in the spool but not in the queue. */
  private backlogFrom?: SpoolPosition;
  private writing?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private retryAt = 0;
  private outage?: { since: number; refusals: number };
  /**
   * While the events of a batch the reachable store kept refusing are written again in smaller
   * batches, to drop only the event it refuses: at most `events` events a batch, until the
   * `remaining` events of that batch are written or dropped.
   */
  private narrowing?: { remaining: number; events: number };
  private closed = false;
  private readonly writtenSubject = new Subject<WrittenBatch>();

  readonly stats: HistoryWriterStats = {
    writtenValues: 0,
    writtenAnnotations: 0,
    rejectedValues: 0,
    rejectedAnnotations: 0,
    replayedEvents: 0,
  };
  /** Emits each batch the store has taken, once it has. */
  readonly written$ = this.writtenSubject.asObservable();

  constructor(
    private readonly store: TimeSeriesStore,
    private readonly spool: EventSpool,
    @Inject(HistoryConfig) config: HistoryConfig,
  ) {
    this.capacity = config.bufferValues;
  }

  /** Values waiting in memory to be written. */
  get waitingValues(): number {
    return this.queuedValues;
  }

  /** True once shutdown has closed the spool: nothing more can be taken. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** True while events wait in the spool that are not in memory. */
  get hasBacklog(): boolean {
    return this.backlogFrom !== undefined;
  }

  onModuleInit(): void {
    this.backlogFrom = this.spool.start;
    this.loadBacklog();
    if (this.stats.replayedEvents > 0) {
      this.logger.log(`writing ${this.stats.replayedEvents} events kept in the spool before the restart`);
    }
    this.timer = setInterval(() => void this.flush(), WRITE_INTERVAL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (this.queue.length > 0 && Date.now() < deadline) {
      await sleep(Math.max(0, Math.min(this.retryAt, deadline) - Date.now()));
      await this.flush();
    }
    this.closed = true;
    this.spool.close();
    if (this.queuedValues > 0 || this.hasBacklog) {
      this.logger.warn(
        `${this.store.description} did not take everything before shutdown: ${this.spool.bytes} bytes of events stay in the spool and are written after the next start`,
      );
    }
    this.writtenSubject.complete();
  }

  /**
   * Keeps the values of one event, or an annotation: its record goes to the spool, which throws
   * `SpoolFullError` (keeping nothing) when it has no room, then it joins the queue if it has room.
   */
  accept(ts: number, payload: Buffer, values: ReadonlyMap<string, number>, annotation?: Annotation): void {
    if (this.closed) throw new Error('the history writer is closed');
    const start = this.spool.end;
    const end = this.spool.append(ts, payload);
    const entry = { ts, values, annotation, end };
    if (this.backlogFrom || this.queuedValues + entrySize(entry) > this.capacity) {
      this.backlogFrom ??= start;
      return;
    }
    this.enqueue(entry);
  }

  /** Writes what waits, batch by batch; resolves when nothing waits or the store refused a batch. */
  flush(): Promise<void> {
    this.writing ??= this.writeWaiting().finally(() => (this.writing = undefined));
    return this.writing;
  }

  private enqueue(event: SpooledValues): void {
    this.queue.push(event);
    this.queuedValues += entrySize(event);
    if (this.queuedValues >= WRITE_BATCH_VALUES) void this.flush();
  }

  private async writeWaiting(): Promise<void> {
    while (this.queue.length > 0 && Date.now() >= this.retryAt) {
      const [count, values] = this.nextBatch();
      const batch = this.queue.slice(0, count);
      const started = performance.now();
      try {
        await this.store.write(batch);
      } catch (error) {
        if (!(await this.isBadBatch(error, batch.length))) return;
        this.narrowDown(batch, values, error);
        continue;
      }
      this.narrowed(batch.length, 'written');
      this.take(batch, values, 'written');
      this.noteRecovery();
      this.writtenSubject.next({ events: batch, values, seconds: (performance.now() - started) / 1000 });
    }
  }

  /**
   * After a batch the reachable store refused: a batch of several events is written again in halves
   * at once, and so on, so the events it takes are written; a single event is dropped, logged and
   * counted. One bad event costs its own values, not its batch's.
   */
  private narrowDown(batch: SpooledValues[], values: number, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.retryAt = Date.now();
    if (batch.length > 1) {
      if (!this.narrowing)
        this.logger.warn(
          `${this.store.description} answers but refused the same batch ${REFUSALS_OF_A_BAD_BATCH} times (${reason}); ` +
            `writing its ${batch.length} events in smaller batches, to drop only what it refuses`,
        );
      this.narrowing = { remaining: this.narrowing?.remaining ?? batch.length, events: Math.ceil(batch.length / 2) };
      return;
    }
    const what = batch[0].annotation ? `a ${batch[0].annotation.kind} annotation` : `an event of ${values} values`;
    this.logger.error(
      `${this.store.description} answers but refused ${what} received at ` +
        `${new Date(batch[0].ts / 1000).toISOString()} (${reason}); dropping it`,
    );
    this.narrowed(1, 'dropped');
    this.take(batch, values, 'rejected');
  }

  /**
   * `events` of a batch being narrowed down are written (the next batch may be twice as large) or
   * dropped; the narrowing ends with the last of them.
   */
  private narrowed(events: number, outcome: 'written' | 'dropped'): void {
    if (!this.narrowing) return;
    this.narrowing.remaining -= events;
    if (outcome === 'written') this.narrowing.events *= 2;
    if (this.narrowing.remaining <= 0) this.narrowing = undefined;
  }

  /**
   * Whole events from the front, up to `WRITE_BATCH_VALUES` values (one event at least), and no more
   * events than a narrowing allows.
   */
  private nextBatch(): [events: number, values: number] {
    let count = 0;
    let values = 0;
    const most = this.narrowing?.events ?? Infinity;
    while (
      count < this.queue.length &&
      count < most &&
      (count === 0 || values + entrySize(this.queue[count]) <= WRITE_BATCH_VALUES)
    ) {
      values += entrySize(this.queue[count]);
      count++;
    }
    return [count, values];
  }

  private take(batch: SpooledValues[], size: number, outcome: 'written' | 'rejected'): void {
    this.queue.splice(0, batch.length);
    this.queuedValues -= size;
    const annotations = batch.filter((entry) => entry.annotation).length;
    this.stats[`${outcome}Values`] += size - annotations;
    this.stats[`${outcome}Annotations`] += annotations;
    this.spool.release(batch[batch.length - 1].end);
    this.loadBacklog();
  }

  /**
   * Reads events from the spool into the queue, in order, while it has room, up to
   * `BACKLOG_READ_VALUES` at a time (each written batch reads more), until the backlog is gone.
   */
  private loadBacklog(): void {
    if (!this.backlogFrom) return;
    let read = 0;
    for (const record of this.spool.read(this.backlogFrom)) {
      const entry = { ts: record.ts, ...entryOfSpooledPayload(record.payload), end: record.end };
      const full = this.queuedValues + entrySize(entry) > this.capacity || read >= BACKLOG_READ_VALUES;
      if (this.queue.length > 0 && full) {
        this.backlogFrom = record.start;
        return;
      }
      read += entrySize(entry);
      this.stats.replayedEvents++;
      this.enqueue(entry);
    }
    this.backlogFrom = undefined;
  }

  /**
   * Notes a refused write; true when the store answers but refused the same batch too often, or
   * refused one of several events while a bad batch is narrowed down (they are known to hold a bad
   * one). A single event is tried as often as a batch before it is dropped. A refusal the store
   * gives as a `StoreUnavailableError` (it cannot write at all) is never the batch's fault.
   */
  private async isBadBatch(error: unknown, events: number): Promise<boolean> {
    const reason = error instanceof Error ? error.message : String(error);
    this.retryAt = Date.now() + RETRY_INTERVAL_MS;
    if (!this.outage) {
      this.outage = { since: Date.now(), refusals: 0 };
      this.logger.warn(
        `cannot write to ${this.store.description}: ${reason}; events wait in the spool (${this.queuedValues} values of them in memory)`,
      );
    }
    // A store that says it cannot write (its disk full, say) is away, whatever its check answers.
    const reachable =
      !(error instanceof StoreUnavailableError) &&
      (await this.store.check().then(
        () => true,
        () => false,
      ));
    this.outage.refusals = reachable ? this.outage.refusals + 1 : 0;
    const known = this.narrowing !== undefined && events > 1;
    if (!reachable || (this.outage.refusals < REFUSALS_OF_A_BAD_BATCH && !known)) return false;
    this.outage.refusals = 0;
    return true;
  }

  private noteRecovery(): void {
    if (!this.outage) return;
    const seconds = Math.round((Date.now() - this.outage.since) / 1000);
    this.logger.log(
      `${this.store.description} takes writes again after ${seconds} s; ${this.spool.bytes} bytes of events wait in the spool`,
    );
    this.outage = undefined;
  }
}
