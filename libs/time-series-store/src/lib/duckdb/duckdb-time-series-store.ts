import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DuckDBConnection, DuckDBInstance, DuckDBValue } from '@duckdb/node-api';
import { DAY_US, HOUR_US } from '@eventcast/domain';
import {
  BucketSum,
  coarsestResolution,
  floorTo,
  mergeBucketSums,
  oldestTime,
  planSources,
  ROLLUPS,
  SourcePiece,
} from '../rollup-plan';
import { Annotation, AnnotationColumns, annotationOfColumns, AnnotationQuery } from '../annotations';
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
import {
  coveredUntil,
  CREATE_ROLLUP_TABLES,
  nextRefresh,
  readRollupState,
  refreshChunk,
  refreshStatements,
  writeRawKeptFrom,
  RollupState,
  rollupTable,
  time,
  writeRollupState,
} from './duckdb-rollups';
import { ANNOTATION_TABLE, annotationsQuery, CREATE_ANNOTATION_TABLE, insertAnnotations } from './duckdb-annotations';
import { duckDbApi } from './duckdb-api';

/** The file of the embedded store inside the service's `DATA_DIR`. */
export const EMBEDDED_STORE_FILE = 'history.duckdb';

/**
 * How DuckDB refuses a write for want of its file rather than for the rows: the disk full or failing,
 * or the database invalidated after such a failure. The batch is not at fault; it waits.
 */
const CANNOT_WRITE = /IO Error|No space left on device|Could not write file|FATAL Error|has been invalidated/i;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${HISTORY_TABLE} (ts TIMESTAMP NOT NULL, field VARCHAR NOT NULL, value DOUBLE NOT NULL)`;

/**
 * The embedded store: one DuckDB file. Writes go through one connection's Appender in batches;
 * each read runs on a connection of its own, with the field names and times bound as parameters.
 * Times come back as doubles of microseconds, which hold them exactly. The rollup tables (see
 * `duckdb-rollups.ts`) are filled by `maintain`, which also applies the retention; everything
 * that changes the file runs on the one writing connection, one after the other.
 */
export class DuckDbTimeSeriesStore extends TimeSeriesStore {
  private instance?: DuckDBInstance;
  private writer?: DuckDBConnection;
  /** Retention's connection: deletes old rows while the writer appends new ones. */
  private janitor?: DuckDBConnection;
  /** The retention under way, awaited by `close`. */
  private dropping?: Promise<void>;
  private rollups: RollupState = {};
  /** The writing connection's work, one after the other. */
  private queue: Promise<unknown> = Promise.resolve();
  private closing = false;
  /** Rollup buckets before this were dropped by retention in this run (checked again after a restart). */
  private rollupsKeptFromUs?: number;
  /** How much time the next refresh rolls up (`refreshChunk`); the first one an hour. */
  private refreshChunkUs = HOUR_US;
  /** Why the file refused the last write (`CANNOT_WRITE`), until a write goes through: `check` fails with it. */
  private unwritable?: string;

  constructor(
    private readonly path: string,
    private readonly retention: Retention = {},
  ) {
    super();
  }

  readonly hasRollups = true;

  get description(): string {
    return `DuckDB file ${this.path}`;
  }

  async open(): Promise<void> {
    mkdirSync(dirname(this.path), { recursive: true });
    this.instance = await duckDbApi().DuckDBInstance.create(this.path);
    this.writer = await this.instance.connect();
    this.janitor = await this.instance.connect();
    this.closing = false;
    await this.writer.run(CREATE_TABLE);
    await this.writer.run(CREATE_ANNOTATION_TABLE);
    for (const statement of CREATE_ROLLUP_TABLES) await this.writer.run(statement);
    this.rollups = await readRollupState(this.writer);
  }

  /**
   * Appends the batch. A batch stamped before what the rollups hold (a backlog) marks those
   * minutes stale in the same transaction, so they are read from the raw points until rolled up again.
   * A write the file refuses (`CANNOT_WRITE`) rejects with `storeUnanswered`, and `check` fails
   * with its reason until a write goes through, so the service's health names it.
   */
  async write(events: readonly TimedValues[]): Promise<void> {
    try {
      await this.serially((writer) => this.writeBatch(writer, events));
      this.unwritable = undefined;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!CANNOT_WRITE.test(reason)) throw error;
      this.unwritable = reason;
      throw storeUnanswered(error);
    }
  }

  private async writeBatch(writer: DuckDBConnection, events: readonly TimedValues[]): Promise<void> {
    const annotations = events.flatMap((event) => (event.annotation ? [event.annotation] : []));
    const oldestUs = oldestTime(events);
    const stale = oldestUs < (this.rollups.doneUntilUs ?? -Infinity);
    if (!stale && annotations.length === 0) return this.append(writer, events);
    await this.transaction(writer, async () => {
      await this.append(writer, events);
      await insertAnnotations(writer, annotations);
      if (!stale) return;
      const dirtyFromUs = Math.min(this.rollups.dirtyFromUs ?? Infinity, oldestUs);
      await writeRollupState(writer, { ...this.rollups, dirtyFromUs });
      this.rollups = { ...this.rollups, dirtyFromUs };
    });
  }

  async maintain(nowUs: number): Promise<void> {
    for (;;) {
      const refreshed = await this.serially(async (writer) => {
        const next = await nextRefresh(this.rollups, nowUs, this.refreshChunkUs, (fromUs, beforeUs) =>
          this.oldestRawUs(writer, fromUs, beforeUs),
        );
        if (!next) return false;
        // The minutes' insert changes the most rows of the refresh.
        let rows = 0;
        await this.transaction(writer, async () => {
          if (next.untilUs > next.fromUs) {
            for (const [sql, parameters] of refreshStatements(next.fromUs, next.untilUs))
              rows = Math.max(rows, (await writer.run(sql, parameters)).rowsChanged);
          }
          await writeRollupState(writer, next.after);
        });
        this.rollups = next.after;
        this.refreshChunkUs = refreshChunk(this.refreshChunkUs, rows, next.untilUs - next.fromUs);
        return next.untilUs > next.fromUs;
      });
      if (!refreshed) break;
    }
    if (this.closing) return;
    this.dropping = this.dropExpired(nowUs);
    await this.dropping.finally(() => (this.dropping = undefined));
  }

  fieldTimes(): Promise<FieldTime[]> {
    return this.read<FieldTime>(`SELECT field, epoch_us(max(ts))::DOUBLE AS ts FROM ${HISTORY_TABLE} GROUP BY field`);
  }

  async averages(fields: readonly string[], fromUs: number, toUs: number, bucketUs: number): Promise<BucketAverages> {
    const state = this.rollups;
    const pieces = planSources(fromUs, toUs, bucketUs, (rollup) => coveredUntil(state, rollup));
    const sums = await Promise.all(pieces.map((piece) => this.bucketSums(fields, piece, bucketUs)));
    return { resolution: coarsestResolution(pieces), values: mergeBucketSums(sums.flat()) };
  }

  /**
   * Sums and counts per bucket of one source over one piece. Buckets are counted from an origin on
   * the epoch grid at or before the piece, so every offset is non-negative and integer division
   * floors; grouping by that count and scaling it afterwards takes a third less time than flooring
   * each timestamp in the group key. Without the casts DuckDB does not take the parameters as
   * integers and the query runs twenty times slower. A row names its field by its position in
   * `fields`: turning ten thousand names back into strings took longer than the query.
   */
  private async bucketSums(fields: readonly string[], piece: SourcePiece, bucketUs: number): Promise<BucketSum[]> {
    const width = BigInt(bucketUs);
    const origin = floorToMultiple(BigInt(Math.floor(piece.fromUs)), width);
    const rollup = ROLLUPS.find((candidate) => candidate.resolution === piece.resolution);
    const [table, total, count] = rollup
      ? [rollupTable(rollup), 'sum(total)', 'sum(n)']
      : [HISTORY_TABLE, 'sum(value)', 'count(*)'];
    const rows = await this.read<Omit<BucketSum, 'field'> & { position: number }>(
      `SELECT list_position($fields, field)::INTEGER AS position, (bucket * $width::BIGINT + $origin::BIGINT)::DOUBLE AS ts, total, count::DOUBLE AS count FROM (
         SELECT field, (epoch_us(ts) - $origin::BIGINT) // $width::BIGINT AS bucket, ${total} AS total, ${count} AS count
         FROM ${table} WHERE field IN (SELECT unnest($fields)) AND ts >= $from AND ts < $until GROUP BY ALL)`,
      { fields: names(fields), from: time(piece.fromUs), until: time(piece.untilUs), width, origin },
    );
    return rows.map(({ position, ts, total, count }) => ({ field: fields[position - 1], ts, total, count }));
  }

  latest(fields: readonly string[], sinceUs: number): Promise<FieldValue[]> {
    return this.read(
      `SELECT field, epoch_us(max(ts))::DOUBLE AS ts, arg_max(value, ts) AS value
       FROM ${HISTORY_TABLE} WHERE field IN (SELECT unnest($fields)) AND ts >= $since GROUP BY field`,
      { fields: names(fields), since: time(sinceUs) },
    );
  }

  values(fields: readonly string[], fromUs: number, toUs: number, limit: number): Promise<FieldValue[]> {
    return this.read(
      `SELECT field, epoch_us(ts)::DOUBLE AS ts, value FROM ${HISTORY_TABLE} WHERE field IN (SELECT unnest($fields)) AND ts >= $from AND ts <= $to ORDER BY ts LIMIT $limit`,
      { fields: names(fields), from: time(fromUs), to: time(toUs), limit: BigInt(limit) },
    );
  }

  async annotations(query: AnnotationQuery): Promise<Annotation[]> {
    const rows = await this.read<AnnotationColumns>(...annotationsQuery(query));
    return rows.map(annotationOfColumns);
  }

  async check(): Promise<void> {
    if (this.unwritable !== undefined) throw storeUnanswered(`the last write was refused: ${this.unwritable}`);
    await this.read('SELECT 1');
  }

  /** Interrupts a refresh or a retention under way (its transaction is rolled back), then closes. */
  async close(): Promise<void> {
    this.closing = true;
    this.writer?.interrupt();
    this.janitor?.interrupt();
    await Promise.all([this.queue, this.dropping].map((work) => work?.catch(() => undefined)));
    this.janitor?.closeSync();
    this.janitor = undefined;
    this.writer?.closeSync();
    this.instance?.closeSync();
    this.writer = undefined;
    this.instance = undefined;
  }

  /**
   * Drops the raw points, then the rollup buckets, of the whole UTC days older than their retention,
   * and checkpoints, which frees the blocks for the data that follows (the file does not shrink,
   * it stops growing). Raw points go only once they are rolled up. Runs on a connection of its
   * own, beside the writes: they append new rows while it deletes old ones. A checkpoint refused
   * because a write is under way is left to DuckDB's automatic one.
   */
  private async dropExpired(nowUs: number): Promise<void> {
    const { rawUs, rollupUs } = this.retention;
    const janitor = this.opened(this.janitor);
    let dropped = false;
    if (rawUs !== undefined) {
      const cutUs = floorTo(Math.min(nowUs - rawUs, this.rollups.doneUntilUs ?? -Infinity), DAY_US);
      if (cutUs > (this.rollups.rawKeptFromUs ?? -Infinity)) {
        await this.transaction(janitor, async () => {
          await janitor.run(`DELETE FROM ${HISTORY_TABLE} WHERE ts < $cut`, { cut: time(cutUs) });
          await janitor.run(`DELETE FROM ${ANNOTATION_TABLE} WHERE ts < $cut`, { cut: time(cutUs) });
          await writeRawKeptFrom(janitor, cutUs);
        });
        this.rollups = { ...this.rollups, rawKeptFromUs: cutUs };
        dropped = true;
      }
    }
    const rollupCutUs = rollupUs === undefined ? -Infinity : floorTo(nowUs - rollupUs, DAY_US);
    if (rollupCutUs > (this.rollupsKeptFromUs ?? -Infinity)) {
      await this.transaction(janitor, async () => {
        for (const rollup of ROLLUPS) {
          await janitor.run(`DELETE FROM ${rollupTable(rollup)} WHERE ts < $cut`, { cut: time(rollupCutUs) });
        }
      });
      this.rollupsKeptFromUs = rollupCutUs;
      dropped = true;
    }
    if (dropped) await janitor.run('CHECKPOINT').catch(() => undefined);
  }

  private async oldestRawUs(
    writer: DuckDBConnection,
    fromUs: number | undefined,
    beforeUs?: number,
  ): Promise<number | undefined> {
    const conditions: string[] = [];
    const parameters: Record<string, DuckDBValue> = {};
    if (fromUs !== undefined) {
      conditions.push('ts >= $from');
      parameters.from = time(fromUs);
    }
    if (beforeUs !== undefined) {
      conditions.push('ts < $before');
      parameters.before = time(beforeUs);
    }
    const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
    const reader = await writer.runAndReadAll(
      `SELECT epoch_us(min(ts))::DOUBLE AS oldest FROM ${HISTORY_TABLE}${where}`,
      parameters,
    );
    const [row] = reader.getRowObjectsJS() as Array<{ oldest: number | null }>;
    return row?.oldest ?? undefined;
  }

  private async append(writer: DuckDBConnection, events: readonly TimedValues[]): Promise<void> {
    const appender = await writer.createAppender(HISTORY_TABLE);
    try {
      for (const event of events) {
        const ts = time(event.ts);
        for (const [field, value] of event.values) {
          appender.appendTimestamp(ts);
          appender.appendVarchar(field);
          appender.appendDouble(value);
          appender.endRow();
        }
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
  }

  private async transaction(writer: DuckDBConnection, work: () => Promise<void>): Promise<void> {
    await writer.run('BEGIN TRANSACTION');
    try {
      await work();
      await writer.run('COMMIT');
    } catch (error) {
      await writer.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** Runs `work` on the writing connection once everything queued before it is done. */
  private serially<T>(work: (writer: DuckDBConnection) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      if (this.closing) throw new Error(`${this.description} is closing`);
      return work(this.opened(this.writer));
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async read<T = FieldValue>(sql: string, parameters: Record<string, DuckDBValue> = {}): Promise<T[]> {
    let connection: DuckDBConnection | undefined;
    try {
      connection = await this.opened(this.instance).connect();
      const reader = await connection.runAndReadAll(sql, parameters);
      return reader.getRowObjectsJS() as unknown as T[];
    } catch (error) {
      throw storeUnanswered(error);
    } finally {
      connection?.closeSync();
    }
  }

  private opened<T>(handle: T | undefined): T {
    if (handle === undefined) throw new Error(`${this.description} is not open`);
    return handle;
  }
}

/** The largest multiple of `width` at or below `value`, before 1970 too. */
function floorToMultiple(value: bigint, width: bigint): bigint {
  const remainder = ((value % width) + width) % width;
  return value - remainder;
}

function names(fields: readonly string[]): DuckDBValue {
  return duckDbApi().listValue([...fields]);
}
