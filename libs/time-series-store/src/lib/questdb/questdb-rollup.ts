import { DAY_US, MINUTE_US } from '@eventcast/domain';
import { floorTo, oldestTime, Rollup, ROLLUPS } from '../rollup-plan';
import { Retention, TimedValues } from '../time-series-store.port';
import { annotationTable } from './questdb-annotations';
import { QuestDbHttpClient } from './questdb-http.client';
import { sampleByWidth, sqlFieldFilter, sqlText, sqlTime } from './questdb-sql.util';

/**
 * Values newer than this are read from the table itself: the minute view is refreshed once a
 * minute, the hour view right after it, and the newest minutes are where writes land.
 */
export const ROLLUP_LAG_US = 5 * MINUTE_US;

/** The materialized view of `table` for `rollup`: `<table>_1m`, `<table>_1h`. */
export function rollupName(table: string, rollup: Rollup): string {
  return `${table}_${rollup.resolution}`;
}

/**
 * The statements that create the views when missing (QuestDB 9.x; older versions refuse them),
 * finest first: per field and minute the sum, count, minimum and maximum of the table's values,
 * refreshed once a minute (refreshed after every write, QuestDB sums the current minute again each
 * time, which cost about a third of the ingest rate in the bench); per hour the same over the
 * minutes, refreshed after each refresh of the minutes. Both are partitioned by day, so a
 * retention in days drops whole partitions; `retentionStatements` sets it.
 */
export function createRollups(table: string): string[] {
  const [hours, minutes] = ROLLUPS;
  return [
    `CREATE MATERIALIZED VIEW IF NOT EXISTS ${rollupName(table, minutes)} REFRESH EVERY 1m AS ` +
      `(SELECT ts, field, sum(value) total, count() n, min(value) lo, max(value) hi FROM ${table} SAMPLE BY 1m) ` +
      'PARTITION BY DAY',
    `CREATE MATERIALIZED VIEW IF NOT EXISTS ${rollupName(table, hours)} AS ` +
      `(SELECT ts, field, sum(total) total, sum(n) n, min(lo) lo, max(hi) hi FROM ${rollupName(table, minutes)} SAMPLE BY 1h) ` +
      'PARTITION BY DAY',
  ];
}

/** Sets the retention of the table, of its annotations and of its views (0 days: for ever); QuestDB 8.x has no TTL. */
export function retentionStatements(table: string, retention: Retention, withRollups: boolean): string[] {
  return [
    `ALTER TABLE ${table} SET TTL ${ttlDays(retention.rawUs)} DAYS`,
    `ALTER TABLE ${annotationTable(table)} SET TTL ${ttlDays(retention.rawUs)} DAYS`,
    ...(withRollups
      ? ROLLUPS.map(
          (rollup) =>
            `ALTER MATERIALIZED VIEW ${rollupName(table, rollup)} SET TTL ${ttlDays(retention.rollupUs)} DAYS`,
        )
      : []),
  ];
}

function ttlDays(us: number | undefined): number {
  return us === undefined ? 0 : Math.round(us / DAY_US);
}

/**
 * The views of one table, and what they do not hold yet. Values stamped within the last few
 * minutes are read from the table anyway; older ones arrive only in a backlog (written after an
 * outage) or from a test. After such a write the minute view is asked to refresh, and until both
 * views have taken the write's transaction, ranges read the table from the backlog's oldest
 * minute on. At start everything counts as such a backlog: views just made (or made again) are
 * still being built from the table.
 */
export class QuestDbRollups {
  private backlog?: { fromUs: number; txn?: number } = { fromUs: -Infinity };

  constructor(
    private readonly http: QuestDbHttpClient,
    private readonly table: string,
  ) {}

  /** Notes a write of `events`: those older than the newest minutes make a backlog. */
  async written(events: readonly TimedValues[], nowUs: number): Promise<void> {
    const oldestUs = oldestTime(events);
    if (oldestUs >= floorTo(nowUs - ROLLUP_LAG_US, MINUTE_US)) return;
    this.backlog = { fromUs: Math.min(this.backlog?.fromUs ?? oldestUs, oldestUs) };
    try {
      this.backlog.txn = await this.committedTxn(this.table);
      await this.refresh();
    } catch {
      // The write stands; the transaction is read again on the next query, and the timer refreshes the views.
    }
  }

  /** Asks QuestDB to refresh the minute view now (the hour view follows it). */
  refresh(): Promise<unknown> {
    const minutes = ROLLUPS[ROLLUPS.length - 1];
    return this.http.exec(`REFRESH MATERIALIZED VIEW ${rollupName(this.table, minutes)} INCREMENTAL`);
  }

  /**
   * The time before which both views hold every value: a few minutes before now, or the oldest
   * minute of a backlog they have not taken yet.
   */
  async coveredUntil(nowUs: number): Promise<number> {
    const recentUs = nowUs - ROLLUP_LAG_US;
    const backlog = this.backlog;
    if (!backlog) return recentUs;
    backlog.txn ??= await this.committedTxn(this.table);
    const [hours, minutes] = ROLLUPS;
    const rows = await this.http.exec(
      `SELECT view_name, refresh_base_table_txn FROM materialized_views() ` +
        `WHERE view_name IN (${sqlText(rollupName(this.table, minutes))}, ${sqlText(rollupName(this.table, hours))})`,
    );
    const refreshedTxn = (rollup: Rollup) =>
      Number(rows.find(([name]) => name === rollupName(this.table, rollup))?.[1] ?? -1);
    // The hour view holds the backlog once it has taken every transaction the minute view had
    // committed after the minute view took the backlog: read in that order, never too early.
    const caughtUp =
      refreshedTxn(minutes) >= backlog.txn &&
      refreshedTxn(hours) >= (await this.committedTxn(rollupName(this.table, minutes)));
    if (!caughtUp) return Math.min(recentUs, backlog.fromUs);
    if (this.backlog === backlog) this.backlog = undefined;
    return recentUs;
  }

  /** The newest committed transaction of a table or view (QuestDB applies it, and views take it, later). */
  private async committedTxn(name: string): Promise<number> {
    const rows = await this.http.exec(`SELECT sequencerTxn FROM wal_tables() WHERE name = ${sqlText(name)}`);
    return Number(rows[0]?.[0] ?? 0);
  }
}

/** Sums per bucket of a view's buckets in `[fromUs, untilUs)`. */
export function rollupSumsQuery(
  table: string,
  rollup: Rollup,
  fields: readonly string[],
  fromUs: number,
  untilUs: number,
  bucketUs: number,
): string {
  return (
    `SELECT ts, field, sum(total) total, sum(n) n FROM ${rollupName(table, rollup)} WHERE ${sqlFieldFilter(fields)} ` +
    `AND ts >= ${sqlTime(fromUs)} AND ts < ${sqlTime(untilUs)} SAMPLE BY ${sampleByWidth(bucketUs)} ALIGN TO CALENDAR`
  );
}

/** Sums per bucket of the table's values in `[fromUs, untilUs)`. */
export function tableSumsQuery(
  table: string,
  fields: readonly string[],
  fromUs: number,
  untilUs: number,
  bucketUs: number,
): string {
  return (
    `SELECT ts, field, sum(value) total, count() n FROM ${table} WHERE ${sqlFieldFilter(fields)} ` +
    `AND ts >= ${sqlTime(fromUs)} AND ts < ${sqlTime(untilUs)} SAMPLE BY ${sampleByWidth(bucketUs)} ALIGN TO CALENDAR`
  );
}
