import { MICROS_PER_MS, nowMicros, TimedValues } from '@eventcast/time-series-store';
import { bucketStart } from './bucket.util';
import { FieldSeriesDto } from './dto/field-series.dto';
import { RangesPlan, TimeSeriesService } from './time-series.service';

/** A client's open-ended `ranges` query, kept live by `LiveRanges`. */
export interface LiveRangesQuery {
  readonly plan: RangesPlan;
  /** The new buckets of the query's fields, in the plan's order. */
  deliver(data: FieldSeriesDto[]): void;
  fail(error: unknown): void;
}

/**
 * How long an update waits for the store to make a write readable (QuestDB applies its write-ahead
 * log a moment after the write); when the store has not said so by then, the update reads what
 * there is and the same buckets are read once more `SETTLE_MS` later, since a bucket that no later
 * write touches would otherwise keep what the first read saw.
 */
export const SETTLE_MS = 1_000;

interface Entry {
  query: LiveRangesQuery;
  fields: ReadonlySet<string>;
  /** The query has sent its first answer; until then its updates wait, so they cannot overtake it. */
  ready: boolean;
  /** The start of the oldest bucket to read at the next update. */
  dirtyFromUs?: number;
  /** Whether the next update follows a write (and so waits until the store has made it readable). */
  written: boolean;
}

/**
 * Every client's live `ranges` queries, updated together: after each written batch, a query whose
 * fields it holds gets the buckets from the oldest one the batch touched, read once for all
 * queries of the same bucket width. So an update follows the write at once, and a hundred open
 * graphs cost about one read per write, not one each (see docs/history.md, the stream). The read
 * waits until the store has made the write readable, at most `SETTLE_MS`; the buckets of an update
 * that read before that are read once more `SETTLE_MS` later, all queries together.
 */
export class LiveRanges {
  private readonly entries = new Map<LiveRangesQuery, Entry>();
  /** The reads, one after the other. */
  private reads: Promise<void> = Promise.resolve();
  /** The read that has not started yet, which every batch written meanwhile joins. */
  private nextRead?: Promise<void>;
  /** Updates to read again once their values have settled, oldest first. */
  private readonly settling: Array<{ entry: Entry; fromUs: number; dueMs: number }> = [];
  private settleTimer?: NodeJS.Timeout;

  constructor(
    private readonly timeseries: TimeSeriesService,
    private readonly settleMs = SETTLE_MS,
  ) {}

  /** Starts keeping `query` live; its updates begin once `ready` was called. Returns how to stop. */
  add(query: LiveRangesQuery): { ready: () => Promise<void>; stop: () => void } {
    const entry: Entry = { query, fields: new Set(query.plan.fields), ready: false, written: false };
    this.entries.set(query, entry);
    return {
      ready: () => {
        entry.ready = true;
        return entry.dirtyFromUs === undefined ? Promise.resolve() : this.read();
      },
      stop: () => this.entries.delete(query),
    };
  }

  /** A batch the store has taken: marks the queries it touched; resolves once they were sent their update. */
  written(batch: readonly TimedValues[]): Promise<void> {
    let touched = false;
    for (const entry of this.entries.values()) {
      const oldest = batch.find((event) => holdsAny(event, entry.fields));
      if (oldest === undefined) continue;
      const from = bucketStart(Math.max(oldest.ts, entry.query.plan.fromUs), entry.query.plan.bucketUs);
      entry.dirtyFromUs = Math.min(entry.dirtyFromUs ?? from, from);
      entry.written = true;
      touched = true;
    }
    return touched ? this.read() : Promise.resolve();
  }

  /** One read at a time; the batches written while one runs are read together right after it. */
  private read(): Promise<void> {
    this.nextRead ??= this.reads = this.reads.then(() => {
      this.nextRead = undefined;
      return this.readDirty();
    });
    return this.nextRead;
  }

  /** Stops reading again what has settled; the queries stay. */
  close(): void {
    clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
    this.settling.length = 0;
  }

  private async readDirty(): Promise<void> {
    const byWidth = new Map<number, Array<{ entry: Entry; fromUs: number }>>();
    const written: Array<{ entry: Entry; fromUs: number }> = [];
    for (const entry of this.entries.values()) {
      if (!entry.ready || entry.dirtyFromUs === undefined) continue;
      const group = byWidth.get(entry.query.plan.bucketUs) ?? [];
      group.push({ entry, fromUs: entry.dirtyFromUs });
      byWidth.set(entry.query.plan.bucketUs, group);
      if (entry.written) written.push({ entry, fromUs: entry.dirtyFromUs });
      entry.dirtyFromUs = undefined;
      entry.written = false;
    }
    // Batches written from here on wait for the next read, and for the store to make them readable then.
    if (written.length > 0 && !(await this.timeseries.readable(this.settleMs))) {
      for (const { entry, fromUs } of written) this.settleLater(entry, fromUs);
    }
    for (const [bucketUs, group] of byWidth) await this.readGroup(bucketUs, group);
  }

  /** Reads the buckets from `fromUs` on once more after `settleMs` to `2 × settleMs`: at most one read a period for all. */
  private settleLater(entry: Entry, fromUs: number): void {
    this.settling.push({ entry, fromUs, dueMs: Date.now() + this.settleMs });
    this.settleTimer ??= setTimeout(() => this.settle(), this.settleMs).unref();
  }

  private settle(): void {
    this.settleTimer = undefined;
    const now = Date.now();
    const due = this.settling.findIndex(({ dueMs }) => dueMs > now);
    const settled = this.settling.splice(0, due === -1 ? this.settling.length : due);
    for (const { entry, fromUs } of settled) entry.dirtyFromUs = Math.min(entry.dirtyFromUs ?? fromUs, fromUs);
    if (settled.length > 0) void this.read();
    if (this.settling.length > 0) this.settleTimer = setTimeout(() => this.settle(), this.settleMs).unref();
  }

  /** One read of every field of the group's queries, from the oldest bucket any of them needs; each gets its own part. */
  private async readGroup(bucketUs: number, group: Array<{ entry: Entry; fromUs: number }>): Promise<void> {
    const fields = [...new Set(group.flatMap(({ entry }) => entry.query.plan.fields))];
    const fromUs = Math.min(...group.map(({ fromUs: from }) => from));
    const toUs = nowMicros();
    let series: Map<string, FieldSeriesDto>;
    try {
      const read = await this.timeseries.readRanges({ ...group[0].entry.query.plan, fields }, fromUs, toUs);
      series = new Map(read.map((one) => [one.field, one]));
    } catch (error) {
      for (const { entry } of group) if (this.entries.has(entry.query)) entry.query.fail(error);
      return;
    }
    for (const { entry, fromUs: from } of group) {
      if (!this.entries.has(entry.query)) continue;
      const fromMs = from / MICROS_PER_MS;
      entry.query.deliver(
        entry.query.plan.fields.map((field) => {
          const { values, resolution } = series.get(field) ?? { values: [], resolution: 'raw' };
          return { field, values: values.filter(([ms]) => ms >= fromMs), resolution };
        }),
      );
    }
  }
}

function holdsAny(event: TimedValues, fields: ReadonlySet<string>): boolean {
  if (fields.size < event.values.size) {
    for (const field of fields) if (event.values.has(field)) return true;
    return false;
  }
  for (const field of event.values.keys()) if (fields.has(field)) return true;
  return false;
}
