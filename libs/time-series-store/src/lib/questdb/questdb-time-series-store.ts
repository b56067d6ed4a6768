import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import { DAY_US } from '@eventcast/domain';
import {
  BucketSum,
  coarsestResolution,
  floorTo,
  mergeBucketSums,
  planSources,
  ROLLUPS,
  SourcePiece,
} from '../rollup-plan';
import { Annotation, AnnotationQuery } from '../annotations';
import {
  BucketAverages,
  FieldTime,
  FieldValue,
  HISTORY_TABLE,
  Retention,
  storeUnanswered,
  TimedValues,
  TimeSeriesStore,
} from '../time-series-store.port';
import { IlpTextEncoder } from './ilp-text';
import { LinesRefusedError, QuestDbHttpClient } from './questdb-http.client';
import {
  createRollups,
  QuestDbRollups,
  retentionStatements,
  rollupName,
  rollupSumsQuery,
  tableSumsQuery,
} from './questdb-rollup';
import {
  annotationLines,
  annotationOfRow,
  annotationsQuery,
  annotationTable,
  createAnnotationTable,
} from './questdb-annotations';
import { sqlFieldFilter, sqlText, sqlTime } from './questdb-sql.util';

/** How often `readable` asks whether QuestDB has applied the write-ahead log: it usually takes a few tens of milliseconds. */
const READABLE_POLL_MS = 10;

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
 * asynchronously: a written value becomes readable a moment later, which `readable` waits for.
 */
export class QuestDbTimeSeriesStore extends TimeSeriesStore {
  private readonly logger = new Logger(QuestDbTimeSeriesStore.name);
  private readonly http: QuestDbHttpClient;
  private readonly encoder: IlpTextEncoder;
  private created?: Promise<void>;
  /** The views of minutes and hours (QuestDB 9.x); unknown, so unused, until the table is set up. */
  private rollups?: QuestDbRollups;
  /** Whether QuestDB drops expired partitions itself (TTL, QuestDB 9.x); else `maintain` drops them. */
  private hasTtl = false;
  /** The day before which `maintain` last dropped the partitions (QuestDB 8.x). */
  private droppedBeforeUs?: number;

  /** `table` (default `history_values`) is a plain name: letters, digits and `_` (`QUESTDB_TABLE`). */
  constructor(
    private readonly url: string,
    private readonly table = HISTORY_TABLE,
    private readonly retention: Retention = {},
  ) {
    super();
    this.http = new QuestDbHttpClient(url);
    this.encoder = new IlpTextEncoder(table);
  }

  get hasRollups(): boolean {
    return this.rollups !== undefined;
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
  /** Rejects with `storeUnanswered` unless QuestDB refused the lines themselves (`LinesRefusedError`). */
  async write(events: readonly TimedValues[]): Promise<void> {
    try {
      await this.ready();
      const annotations = events.flatMap((event) => (event.annotation ? [event.annotation] : []));
      await this.http.write(this.encoder.encode(events) + annotationLines(this.table, annotations));
      await this.rollups?.written(events, Date.now() * 1000);
    } catch (error) {
      throw error instanceof LinesRefusedError ? error : storeUnanswered(error);
    }
  }

  /**
   * Waits until QuestDB has applied every transaction committed to the write-ahead logs of the
   * values' and the annotations' tables when asked (`wal_tables()`: `writerTxn` reaches that `sequencerTxn`), asking every
   * `READABLE_POLL_MS`.
   */
  override async readable(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    try {
      let targets: Map<unknown, number> | undefined;
      for (;;) {
        const rows = await this.http.exec(
          `SELECT name, writerTxn, sequencerTxn FROM wal_tables() WHERE name IN (${sqlText(this.table)}, ${sqlText(annotationTable(this.table))})`,
        );
        if (rows.length < 2) return false;
        targets ??= new Map(rows.map(([name, , sequencerTxn]) => [name, Number(sequencerTxn)]));
        const applied = targets;
        if (rows.every(([name, writerTxn]) => Number(writerTxn) >= (applied.get(name) ?? Infinity))) return true;
        if (Date.now() + READABLE_POLL_MS > deadline) return false;
        await sleep(READABLE_POLL_MS);
      }
    } catch {
      return false;
    }
  }

  /**
   * QuestDB 9.x refreshes the views and applies the retention itself (the views once a minute, TTL
   * at each commit); this asks for a refresh now. On 8.x it drops the partitions of the days older
   * than the retention.
   */
  async maintain(nowUs: number): Promise<void> {
    await this.ready();
    await this.rollups?.refresh();
    const { rawUs } = this.retention;
    if (this.hasTtl || rawUs === undefined) return;
    const cutUs = floorTo(nowUs - rawUs, DAY_US);
    if (cutUs <= (this.droppedBeforeUs ?? -Infinity)) return;
    for (const table of [this.table, annotationTable(this.table)]) {
      await this.http.exec(`ALTER TABLE ${table} DROP PARTITION WHERE ts < ${sqlTime(cutUs)}`);
    }
    this.droppedBeforeUs = cutUs;
  }

  async fieldTimes(): Promise<FieldTime[]> {
    const rows = await this.read(`SELECT ts, field, value FROM ${this.table} LATEST ON ts PARTITION BY field`);
    return rows.map(({ field, ts }) => ({ field, ts }));
  }

  /** Whole hours and minutes older than a few minutes come from the views where there are some, the rest from the table. */
  averages(fields: readonly string[], fromUs: number, toUs: number, bucketUs: number): Promise<BucketAverages> {
    return answered(async () => {
      const coveredUs = this.rollups ? await this.rollups.coveredUntil(Date.now() * 1000) : -Infinity;
      const pieces = planSources(fromUs, toUs, bucketUs, () => coveredUs);
      const sums = await Promise.all(pieces.map((piece) => this.readSums(this.sumsQuery(fields, piece, bucketUs))));
      return { resolution: coarsestResolution(pieces), values: mergeBucketSums(sums.flat()) };
    });
  }

  private sumsQuery(fields: readonly string[], piece: SourcePiece, bucketUs: number): string {
    const rollup = ROLLUPS.find((candidate) => candidate.resolution === piece.resolution);
    return rollup
      ? rollupSumsQuery(this.table, rollup, fields, piece.fromUs, piece.untilUs, bucketUs)
      : tableSumsQuery(this.table, fields, piece.fromUs, piece.untilUs, bucketUs);
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

  annotations(query: AnnotationQuery): Promise<Annotation[]> {
    return answered(async () => {
      await this.ready();
      const rows = await this.http.exec(annotationsQuery(this.table, query));
      return rows.map(annotationOfRow);
    });
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
    await this.http.exec(createAnnotationTable(this.table));
    await this.dropOutdatedRollups();
    this.rollups = await this.execAll(createRollups(this.table)).then(
      () => new QuestDbRollups(this.http, this.table),
      (error: unknown) => {
        this.logger.log(
          `no rollups (QuestDB 9 has materialized views): ranges read the table alone (${String(error)})`,
        );
        return undefined;
      },
    );
    this.hasTtl = await this.execAll(retentionStatements(this.table, this.retention, this.rollups !== undefined)).then(
      () => true,
      (error: unknown) => {
        if (this.retention.rawUs !== undefined) {
          this.logger.log(
            `no TTL (QuestDB 9 has it): expired partitions are dropped by the service (${String(error)})`,
          );
        }
        return false;
      },
    );
    this.logger.log(
      `${this.description}: table ${this.table} ready${this.rollups ? ', with its rollups of minutes and hours' : ''}`,
    );
  }

  /** A minute view made before it kept the minimum and maximum is dropped, with the hour view, to be made again. */
  private async dropOutdatedRollups(): Promise<void> {
    const [hours, minutes] = ROLLUPS;
    const columns = await this.http.exec(`SHOW COLUMNS FROM ${rollupName(this.table, minutes)}`).catch(() => undefined);
    if (!columns || columns.some(([name]) => name === 'lo')) return;
    this.logger.log(`${rollupName(this.table, minutes)} lacks the minimum and maximum: making it again`);
    await this.http.exec(`DROP MATERIALIZED VIEW IF EXISTS ${rollupName(this.table, hours)}`);
    await this.http.exec(`DROP MATERIALIZED VIEW ${rollupName(this.table, minutes)}`);
  }

  private async execAll(statements: readonly string[]): Promise<void> {
    for (const statement of statements) await this.http.exec(statement);
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
