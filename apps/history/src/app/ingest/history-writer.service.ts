import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Subject } from 'rxjs';
import { HistoryConfig } from '../../config/history.config';
import { TimedValues, TimeSeriesStore } from '@eventcast/time-series-store';

/** Values per write: big enough for few commits at 100,000 values/s, small enough to keep each write short. */
export const WRITE_BATCH_VALUES = 20_000;
/** Values that wait for fewer than a batch are written after at most this long. */
export const WRITE_INTERVAL_MS = 200;
/** Pause before writing again after the store refused a write. */
export const RETRY_INTERVAL_MS = 1_000;
/** A batch the store refuses this often while it answers `check` is at fault itself, and is dropped. */
const REFUSALS_OF_A_BAD_BATCH = 3;
/** How long the shutdown waits for an unreachable store before giving the buffer up. */
const DRAIN_TIMEOUT_MS = 10_000;
/** Overflows are summed up in one log line at most this often. */
const OVERFLOW_REPORT_MS = 5_000;

/** What the writer has done since start-up. */
export interface HistoryWriterStats {
  writtenValues: number;
  /** Values dropped because the buffer was full, or because they arrived after it was written at shutdown. */
  overflowValues: number;
  /** Values dropped because the store refused their batch while it was reachable. */
  rejectedValues: number;
}

/**
 * The bounded buffer between ingest and the store. Ingest adds events without waiting; one write
 * at a time takes them off in order, in batches, when a batch is full or every
 * `WRITE_INTERVAL_MS`. While the store is unreachable, values wait (up to `HISTORY_BUFFER_VALUES`)
 * and are written in order once it answers; an event that does not fit is dropped, logged and
 * counted. On shutdown, after the MQTT subscription has closed, whatever waits is written.
 */
@Injectable()
export class HistoryWriter implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(HistoryWriter.name);
  private readonly queue: TimedValues[] = [];
  private readonly capacity: number;
  private queuedValues = 0;
  private writing?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private retryAt = 0;
  private outage?: { since: number; refusals: number };
  private overflowReport = { at: 0, values: 0, events: 0 };
  private closed = false;
  private readonly writtenSubject = new Subject<void>();

  readonly stats: HistoryWriterStats = { writtenValues: 0, overflowValues: 0, rejectedValues: 0 };
  /** Emits after each batch the store has taken. */
  readonly written$ = this.writtenSubject.asObservable();

  constructor(
    private readonly store: TimeSeriesStore,
    @Inject(HistoryConfig) config: HistoryConfig,
  ) {
    this.capacity = config.bufferValues;
  }

  /** Values waiting to be written. */
  get waitingValues(): number {
    return this.queuedValues;
  }

  onModuleInit(): void {
    this.timer = setInterval(() => {
      void this.flush();
      this.reportOverflow();
    }, WRITE_INTERVAL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (this.queue.length > 0 && Date.now() < deadline) {
      await sleep(Math.max(0, Math.min(this.retryAt, deadline) - Date.now()));
      await this.flush();
    }
    if (this.queuedValues > 0) {
      this.logger.error(
        `${this.queuedValues} values could not be written to ${this.store.description} before shutdown and are lost`,
      );
    }
    this.reportOverflow(true);
    this.closed = true;
    this.writtenSubject.complete();
  }

  /** Queues the values of one event, or drops them (logged, counted) when the buffer is full. */
  add(event: TimedValues): void {
    const size = event.values.size;
    if (this.closed) {
      this.stats.overflowValues += size;
      this.logger.error(`${size} values arrived after the buffer was written at shutdown and are not stored`);
      return;
    }
    if (this.queuedValues + size > this.capacity) return this.overflow(size);
    this.queue.push(event);
    this.queuedValues += size;
    if (this.queuedValues >= WRITE_BATCH_VALUES) void this.flush();
  }

  /** Writes what waits, batch by batch; resolves when the queue is empty or the store refused a batch. */
  flush(): Promise<void> {
    this.writing ??= this.writeWaiting().finally(() => (this.writing = undefined));
    return this.writing;
  }

  private async writeWaiting(): Promise<void> {
    while (this.queue.length > 0 && Date.now() >= this.retryAt) {
      const [count, values] = this.nextBatch();
      try {
        await this.store.write(this.queue.slice(0, count));
      } catch (error) {
        if (await this.isBadBatch(error)) this.take(count, values, 'rejectedValues');
        return;
      }
      this.take(count, values, 'writtenValues');
      this.noteRecovery();
      this.writtenSubject.next();
    }
  }

  /** Whole events from the front, up to `WRITE_BATCH_VALUES` values (one event at least). */
  private nextBatch(): [events: number, values: number] {
    let count = 0;
    let values = 0;
    while (count < this.queue.length && (count === 0 || values + this.queue[count].values.size <= WRITE_BATCH_VALUES)) {
      values += this.queue[count].values.size;
      count++;
    }
    return [count, values];
  }

  private take(count: number, values: number, outcome: 'writtenValues' | 'rejectedValues'): void {
    this.queue.splice(0, count);
    this.queuedValues -= values;
    this.stats[outcome] += values;
  }

  /** Notes a refused write; true when the store answers but refused the same batch too often. */
  private async isBadBatch(error: unknown): Promise<boolean> {
    const reason = error instanceof Error ? error.message : String(error);
    this.retryAt = Date.now() + RETRY_INTERVAL_MS;
    if (!this.outage) {
      this.outage = { since: Date.now(), refusals: 0 };
      this.logger.warn(
        `cannot write to ${this.store.description}: ${reason}; ${this.queuedValues} values wait (buffer holds ${this.capacity})`,
      );
    }
    const reachable = await this.store.check().then(
      () => true,
      () => false,
    );
    this.outage.refusals = reachable ? this.outage.refusals + 1 : 0;
    if (this.outage.refusals < REFUSALS_OF_A_BAD_BATCH) return false;
    this.logger.error(
      `${this.store.description} answers but refused the same batch ${this.outage.refusals} times (${reason}); dropping it`,
    );
    this.outage.refusals = 0;
    return true;
  }

  private noteRecovery(): void {
    if (!this.outage) return;
    const seconds = Math.round((Date.now() - this.outage.since) / 1000);
    this.logger.log(
      `${this.store.description} takes writes again after ${seconds} s; ${this.queuedValues} values still wait`,
    );
    this.outage = undefined;
  }

  private overflow(values: number): void {
    this.stats.overflowValues += values;
    this.overflowReport.values += values;
    this.overflowReport.events += 1;
    this.reportOverflow();
  }

  /** Logs the values dropped since the last report: at once after a quiet spell, then at most every `OVERFLOW_REPORT_MS`. */
  private reportOverflow(now = false): void {
    const report = this.overflowReport;
    if (report.events === 0 || (!now && Date.now() - report.at < OVERFLOW_REPORT_MS)) return;
    this.logger.error(
      `buffer full (it holds ${this.capacity} values waiting for ${this.store.description}): dropped ${report.values} values of ` +
        `${report.events} events; ${this.stats.overflowValues} dropped since start`,
    );
    this.overflowReport = { at: Date.now(), values: 0, events: 0 };
  }
}
