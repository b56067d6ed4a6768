import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DuckDBConnection, DuckDBInstance, DuckDBValue, listValue, timestampValue } from '@duckdb/node-api';
import { FieldValue, HISTORY_TABLE, storeUnanswered, TimedValues, TimeSeriesStore } from '../time-series-store.port';

/** The file of the embedded store inside the service's `DATA_DIR`. */
export const EMBEDDED_STORE_FILE = 'history.duckdb';

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${HISTORY_TABLE} (ts TIMESTAMP NOT NULL, field VARCHAR NOT NULL, value DOUBLE NOT NULL)`;

/**
 * The embedded store: one DuckDB file. Writes go through one connection's Appender in batches;
 * each read runs on a connection of its own, with the field names and times bound as parameters.
 * Times come back as doubles of microseconds, which hold them exactly.
 */
export class DuckDbTimeSeriesStore extends TimeSeriesStore {
  private instance?: DuckDBInstance;
  private writer?: DuckDBConnection;

  constructor(private readonly path: string) {
    super();
  }

  get description(): string {
    return `DuckDB file ${this.path}`;
  }

  async open(): Promise<void> {
    mkdirSync(dirname(this.path), { recursive: true });
    this.instance = await DuckDBInstance.create(this.path);
    this.writer = await this.instance.connect();
    await this.writer.run(CREATE_TABLE);
  }

  async write(events: readonly TimedValues[]): Promise<void> {
    const appender = await this.opened(this.writer).createAppender(HISTORY_TABLE);
    try {
      for (const event of events) {
        const ts = timestampValue(BigInt(event.ts));
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

  async fields(sinceUs: number): Promise<string[]> {
    const rows = await this.read(`SELECT DISTINCT field FROM ${HISTORY_TABLE} WHERE ts >= $since`, {
      since: time(sinceUs),
    });
    return rows.map((row) => row.field as string);
  }

  averages(fields: readonly string[], fromUs: number, toUs: number, bucketUs: number): Promise<FieldValue[]> {
    // Buckets are counted from an origin on the epoch grid at or before `from`, so every offset is
    // non-negative and integer division floors; grouping by that count and scaling it afterwards
    // takes a third less time than flooring each timestamp in the group key. Without the casts
    // DuckDB does not take the parameters as integers and the query runs twenty times slower.
    const width = BigInt(bucketUs);
    const origin = floorToMultiple(BigInt(Math.floor(fromUs)), width);
    return this.read(
      `SELECT field, (bucket * $width::BIGINT + $origin::BIGINT)::DOUBLE AS ts, value FROM (
         SELECT field, (epoch_us(ts) - $origin::BIGINT) // $width::BIGINT AS bucket, avg(value) AS value
         FROM ${HISTORY_TABLE} WHERE list_contains($fields, field) AND ts >= $from AND ts <= $to GROUP BY ALL)`,
      { fields: names(fields), from: time(fromUs), to: time(toUs), width, origin },
    );
  }

  latest(fields: readonly string[], sinceUs: number): Promise<FieldValue[]> {
    return this.read(
      `SELECT field, epoch_us(max(ts))::DOUBLE AS ts, arg_max(value, ts) AS value
       FROM ${HISTORY_TABLE} WHERE list_contains($fields, field) AND ts >= $since GROUP BY field`,
      { fields: names(fields), since: time(sinceUs) },
    );
  }

  values(fields: readonly string[], fromUs: number, toUs: number, limit: number): Promise<FieldValue[]> {
    return this.read(
      `SELECT field, epoch_us(ts)::DOUBLE AS ts, value FROM ${HISTORY_TABLE} WHERE list_contains($fields, field) AND ts >= $from AND ts <= $to ORDER BY ts LIMIT $limit`,
      { fields: names(fields), from: time(fromUs), to: time(toUs), limit: BigInt(limit) },
    );
  }

  async check(): Promise<void> {
    await this.read('SELECT 1');
  }

  async close(): Promise<void> {
    this.writer?.closeSync();
    this.instance?.closeSync();
    this.writer = undefined;
    this.instance = undefined;
  }

  private async read(sql: string, parameters: Record<string, DuckDBValue> = {}): Promise<FieldValue[]> {
    let connection: DuckDBConnection | undefined;
    try {
      connection = await this.opened(this.instance).connect();
      const reader = await connection.runAndReadAll(sql, parameters);
      return reader.getRowObjectsJS() as unknown as FieldValue[];
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

function time(micros: number): DuckDBValue {
  return timestampValue(BigInt(Math.round(micros)));
}

/** The largest multiple of `width` at or below `value`, before 1970 too. */
function floorToMultiple(value: bigint, width: bigint): bigint {
  const remainder = ((value % width) + width) % width;
  return value - remainder;
}

function names(fields: readonly string[]): DuckDBValue {
  return listValue([...fields]);
}
