import { Logger } from '@nestjs/common';
import { FieldValue, HISTORY_TABLE, storeUnanswered, TimedValues, TimeSeriesStore } from '../time-series-store.port';
import { IlpTextEncoder } from './ilp-text';
import { QuestDbHttpClient } from './questdb-http.client';
import {
  BucketSum,
  createRollup,
  mergeBucketSums,
  QuestDbRollup,
  rollupSumsQuery,
  tableSumsQuery,
} from './questdb-rollup';
import { sqlFieldFilter, sqlTime } from './questdb-sql.util';

/** The narrow table, created when missing; a repeated `(ts, field)` replaces the value it had. */
export function createTable(table: string): string {
  return (
    `CREATE TABLE IF NOT EXISTS ${table} (ts TIMESTAMP, field SYMBOL, value DOUBLE) ` +
    'TIMESTAMP(ts) PARTITION BY DAY WAL DEDUP UPSERT KEYS(ts, field)'
  );
}

/**
 * QuestDB: the narrow table of docs/history.md, written as line protocol text over HTTP
 * (`/write`, one request per batch) and read with SQL over `/exec`. Field names reach SQL only as
 * escaped literals (see `sqlText`). The table is created on first need and again after a failure,
 * so the service starts and buffers while QuestDB is down. QuestDB applies WAL writes
 * asynchronously: a written value becomes readable a moment later.
 */
export class QuestDbTimeSeriesStore extends TimeSeriesStore {
  private readonly logger = new Logger(QuestDbTimeSeriesStore.name);
  private readonly http: QuestDbHttpClient;
  private readonly encoder: IlpTextEncoder;
  private created?: Promise<void>;
  /** The per-minute rollup (QuestDB 9.x); unknown, so unused, until the table is set up. */
  private rollup?: QuestDbRollup;

  /** `table` (default `history_values`) is a plain name: letters, digits and `_` (`QUESTDB_TABLE`). */
  constructor(
    private readonly url: string,
    private readonly table = HISTORY_TABLE,
  ) {
    super();
    this.http = new QuestDbHttpClient(url);
    this.encoder = new IlpTextEncoder(table);
  }

  get description(): string {
    return `QuestDB at ${this.url}`;
  }

  async open(): Promise<void> {
    try {
      await this.ready();
    } catch (error) {
      this.logger.warn(
        `${String(error instanceof Error ? error.message : error)}; values wait in the buffer until it answers`,
      );
    }
  }

  // A batch that failed stays in the service's buffer and is sent again whole; dedup on
  // (ts, field) makes a repeat of a batch that did arrive harmless.
  async write(events: readonly TimedValues[]): Promise<void> {
    await this.ready();
    await this.http.write(this.encoder.encode(events));
    await this.rollup?.written(events, Date.now() * 1000);
  }

  fields(sinceUs: number): Promise<string[]> {
    return answered(async () => {
      const rows = await this.http.exec(`SELECT DISTINCT field FROM ${this.table} WHERE ts >= ${sqlTime(sinceUs)}`);
      return rows.map(([field]) => field as string);
    });
  }

  /** Whole minutes older than a few minutes come from the rollup where there is one, the rest from the table. */
  averages(fields: readonly string[], fromUs: number, toUs: number, bucketUs: number): Promise<FieldValue[]> {
    return answered(async () => {
      const cutUs = this.rollup ? await this.rollup.cut(fromUs, toUs, bucketUs, Date.now() * 1000) : fromUs;
      const parts = await Promise.all([
        cutUs > fromUs ? this.readSums(rollupSumsQuery(this.table, fields, fromUs, cutUs, bucketUs)) : [],
        cutUs <= toUs ? this.readSums(tableSumsQuery(this.table, fields, cutUs, toUs, bucketUs)) : [],
      ]);
      return mergeBucketSums(parts.flat());
    });
  }

  latest(fields: readonly string[], sinceUs: number): Promise<FieldValue[]> {
    return this.read(
      `SELECT ts, field, value FROM ${this.table} WHERE ${sqlFieldFilter(fields)} AND ts >= ${sqlTime(sinceUs)} ` +
        'LATEST ON ts PARTITION BY field',
    );
  }

  values(fields: readonly string[], fromUs: number, toUs: number, limit: number): Promise<FieldValue[]> {
    return this.read(
      `SELECT ts, field, value FROM ${this.table} WHERE ${sqlFieldFilter(fields)} ` +
        `AND ts >= ${sqlTime(fromUs)} AND ts <= ${sqlTime(toUs)} ORDER BY ts LIMIT ${Math.trunc(limit)}`,
    );
  }

  async check(): Promise<void> {
    await this.http.exec('SELECT 1');
  }

  async close(): Promise<void> {
    this.created = undefined;
  }

  /** Runs a query of `ts, field, value` and reads the time back as a number of microseconds, not ISO text. */
  private read(query: string): Promise<FieldValue[]> {
    return answered(async () => {
      const rows = await this.http.exec(`SELECT field, cast(ts AS LONG), value FROM (${query})`);
      return rows.map(([field, ts, value]) => ({ field: field as string, ts: Number(ts), value: value as number }));
    });
  }

  /** Runs a query of `ts, field, total, n`: bucket sums to merge. */
  private async readSums(query: string): Promise<BucketSum[]> {
    const rows = await this.http.exec(`SELECT field, cast(ts AS LONG), total, n FROM (${query})`);
    return rows.map(([field, ts, total, count]) => ({
      field: field as string,
      ts: Number(ts),
      total: total as number,
      count: Number(count),
    }));
  }

  /** The table (and its rollup, where QuestDB has them) exists; set up again on the next call after a failure. */
  private ready(): Promise<void> {
    this.created ??= this.setUp().catch((error: unknown) => {
      this.created = undefined;
      throw error;
    });
    return this.created;
  }

  private async setUp(): Promise<void> {
    await this.http.exec(createTable(this.table));
    this.rollup = await this.http.exec(createRollup(this.table)).then(
      () => new QuestDbRollup(this.http, this.table),
      (error: unknown) => {
        this.logger.log(
          `no per-minute rollup (QuestDB 9 has materialized views): ranges read the table alone (${String(error)})`,
        );
        return undefined;
      },
    );
    this.logger.log(
      `${this.description}: table ${this.table} ready${this.rollup ? ', with its per-minute rollup' : ''}`,
    );
  }
}

/** The read's answer, or the port's error naming why there is none. */
async function answered<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw storeUnanswered(error);
  }
}
