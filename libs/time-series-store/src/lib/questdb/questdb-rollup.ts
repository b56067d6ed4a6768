import { FieldValue, TimedValues } from '../time-series-store.port';
import { QuestDbHttpClient } from './questdb-http.client';
import { sampleByWidth, sqlFieldFilter, sqlText, sqlTime } from './questdb-sql.util';

/** The rollup's bucket: every round bucket width of a minute or more is a whole number of them. */
export const ROLLUP_US = 60_000_000;
/**
 * Values newer than this are read from the table itself: the rollup is refreshed once a minute,
 * and the newest minutes are where writes land.
 */
export const ROLLUP_LAG_US = 5 * 60_000_000;

/** A bucket's sum and count, from the rollup or from the table, before the two are merged. */
export interface BucketSum {
  field: string;
  ts: number;
  total: number;
  count: number;
}

/** The materialized view of `table`: per field and minute, the sum and the count of its values. */
export function rollupName(table: string): string {
  return `${table}_1m`;
}

/**
 * Creates the rollup when missing (QuestDB 9.x; older versions refuse the statement). It is
 * refreshed once a minute: refreshed after every write, QuestDB sums the current minute again each
 * time, which cost about a third of the ingest rate in the bench.
 */
export function createRollup(table: string): string {
  return (
    `CREATE MATERIALIZED VIEW IF NOT EXISTS ${rollupName(table)} REFRESH EVERY 1m AS ` +
    `(SELECT ts, field, sum(value) total, count() n FROM ${table} SAMPLE BY 1m) PARTITION BY DAY`
  );
}

/**
 * Where an averages query over `[fromUs, toUs]` splits: the whole minutes before the cut are summed
 * from the rollup, the rest from the table, so one bucket may take from both. Only buckets of
 * whole minutes from a whole minute on can split; anything else reads the table alone (the cut is
 * then `fromUs`).
 */
export function rollupCut(fromUs: number, toUs: number, bucketUs: number, nowUs: number): number {
  if (fromUs % ROLLUP_US !== 0 || bucketUs % ROLLUP_US !== 0) return fromUs;
  return Math.max(fromUs, Math.min(wholeMinutes(nowUs - ROLLUP_LAG_US), wholeMinutes(toUs + 1)));
}

function wholeMinutes(us: number): number {
  return Math.floor(us / ROLLUP_US) * ROLLUP_US;
}

/**
 * The rollup of one table, and what it does not hold yet. Values stamped within the last few
 * minutes are read from the table anyway; older ones arrive only in a backlog (written after an
 * outage) or from a test. After such a write the rollup is asked to refresh, and until it has
 * taken the write's transaction, ranges read the table from the backlog's oldest minute on.
 */
export class QuestDbRollup {
  private backlog?: { fromUs: number; txn?: number };

  constructor(
    private readonly http: QuestDbHttpClient,
    private readonly table: string,
  ) {}

  /** Notes a write of `events`: those older than the newest minutes make a backlog. */
  async written(events: readonly TimedValues[], nowUs: number): Promise<void> {
    const oldestUs = events.reduce((oldest, event) => Math.min(oldest, event.ts), Infinity);
    if (oldestUs >= wholeMinutes(nowUs - ROLLUP_LAG_US)) return;
    this.backlog = { fromUs: Math.min(this.backlog?.fromUs ?? oldestUs, oldestUs) };
    try {
      this.backlog.txn = await this.committedTxn();
      await this.http.exec(`REFRESH MATERIALIZED VIEW ${rollupName(this.table)} INCREMENTAL`);
    } catch {
      // The write stands; the transaction is read again on the next query, and the timer refreshes the rollup.
    }
  }

  /** Where `averages` over `[fromUs, toUs]` splits between the rollup and the table (see `rollupCut`). */
  async cut(fromUs: number, toUs: number, bucketUs: number, nowUs: number): Promise<number> {
    const cut = rollupCut(fromUs, toUs, bucketUs, nowUs);
    const backlog = this.backlog;
    if (cut === fromUs || !backlog) return cut;
    backlog.txn ??= await this.committedTxn();
    const rows = await this.http.exec(
      `SELECT refresh_base_table_txn FROM materialized_views() WHERE view_name = ${sqlText(rollupName(this.table))}`,
    );
    if (Number(rows[0]?.[0] ?? -1) >= backlog.txn) {
      if (this.backlog === backlog) this.backlog = undefined;
      return cut;
    }
    return Math.max(fromUs, Math.min(cut, wholeMinutes(backlog.fromUs)));
  }

  /** The table's newest committed transaction (QuestDB applies it, and the rollup takes it, later). */
  private async committedTxn(): Promise<number> {
    const rows = await this.http.exec(`SELECT sequencerTxn FROM wal_tables() WHERE name = ${sqlText(this.table)}`);
    return Number(rows[0]?.[0] ?? 0);
  }
}

/** Sums per bucket of the rollup's minutes in `[fromUs, cutUs)`. */
export function rollupSumsQuery(
  table: string,
  fields: readonly string[],
  fromUs: number,
  cutUs: number,
  bucketUs: number,
): string {
  return (
    `SELECT ts, field, sum(total) total, sum(n) n FROM ${rollupName(table)} WHERE ${sqlFieldFilter(fields)} ` +
    `AND ts >= ${sqlTime(fromUs)} AND ts < ${sqlTime(cutUs)} SAMPLE BY ${sampleByWidth(bucketUs)} ALIGN TO CALENDAR`
  );
}

/** Sums per bucket of the table's values in `[fromUs, toUs]`. */
export function tableSumsQuery(
  table: string,
  fields: readonly string[],
  fromUs: number,
  toUs: number,
  bucketUs: number,
): string {
  return (
    `SELECT ts, field, sum(value) total, count() n FROM ${table} WHERE ${sqlFieldFilter(fields)} ` +
    `AND ts >= ${sqlTime(fromUs)} AND ts <= ${sqlTime(toUs)} SAMPLE BY ${sampleByWidth(bucketUs)} ALIGN TO CALENDAR`
  );
}

/** The average of each field's bucket over every sum given for it. */
export function mergeBucketSums(sums: readonly BucketSum[]): FieldValue[] {
  const buckets = new Map<string, BucketSum>();
  for (const sum of sums) {
    const key = `${sum.ts}\u0000${sum.field}`;
    const bucket = buckets.get(key);
    if (bucket) {
      bucket.total += sum.total;
      bucket.count += sum.count;
    } else {
      buckets.set(key, { ...sum });
    }
  }
  return [...buckets.values()]
    .filter((bucket) => bucket.count > 0)
    .map(({ field, ts, total, count }) => ({ field, ts, value: total / count }));
}
