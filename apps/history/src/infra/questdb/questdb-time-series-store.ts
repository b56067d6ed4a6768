import { Logger } from '@nestjs/common';
import { Sender } from '@questdb/nodejs-client';
import { FieldValue, HISTORY_TABLE, TimedValues, TimeSeriesStore } from '../time-series-store.port';
import { QuestDbHttpClient } from './questdb-http.client';
import { sampleByWidth, sqlFieldFilter, sqlTime } from './questdb-sql.util';

/** `auto` picks 1 for QuestDB 8.x and older, and lets the client negotiate with 9.x and newer. */
export type QuestDbProtocolVersion = 'auto' | '1' | '2';

const CREATE_TABLE =
  `CREATE TABLE IF NOT EXISTS ${HISTORY_TABLE} (ts TIMESTAMP, field SYMBOL, value DOUBLE) ` +
  'TIMESTAMP(ts) PARTITION BY DAY WAL DEDUP UPSERT KEYS(ts, field)';


/**
 * QuestDB: the narrow table of DESIGN.md, written with ILP over HTTP (`@questdb/nodejs-client`,
 * one HTTP request per batch) and read with SQL over `/exec`. Field names reach SQL only as
 * escaped literals (see `sqlText`). The table and the ILP sender are set up on first need and again
 * after a failure, so the service starts and buffers while QuestDB is down. QuestDB applies WAL
 * writes asynchronously: a written value becomes readable a moment later.
 */
export class QuestDbTimeSeriesStore extends TimeSeriesStore {
  private readonly logger = new Logger(QuestDbTimeSeriesStore.name);
  private readonly http: QuestDbHttpClient;
  private sender?: Promise<Sender>;

  constructor(
    private readonly url: string,
    private readonly protocolVersion: QuestDbProtocolVersion,
  ) {
    super();
    this.http = new QuestDbHttpClient(url);
  }

  get description(): string {
    return `QuestDB at ${this.url}`;
  }

  async open(): Promise<void> {
    try {
      await this.ready();
    } catch (error) {
      this.logger.warn(`${String(error instanceof Error ? error.message : error)}; values wait in the buffer until it answers`);
    }
  }

  async write(events: readonly TimedValues[]): Promise<void> {
    const sender = await this.ready();
    sender.reset();
    try {
      for (const event of events) {
        for (const [field, value] of event.values) {
          await sender.table(HISTORY_TABLE).symbol('field', field).floatColumn('value', value).at(event.ts, 'us');
        }
      }
      await sender.flush();
    } catch (error) {
      // The batch stays in the service's buffer and is sent again in full; dedup on (ts, field)
      // makes a repeat of a batch that did arrive harmless.
      sender.reset();
      throw error;
    }
  }

  async fields(sinceUs: number): Promise<string[]> {
    const rows = await this.http.exec(`SELECT DISTINCT field FROM ${HISTORY_TABLE} WHERE ts >= ${sqlTime(sinceUs)}`);
    return rows.map(([field]) => field as string);
  }

  averages(fields: readonly string[], fromUs: number, toUs: number, bucketUs: number): Promise<FieldValue[]> {
    return this.read(
      `SELECT ts, field, avg(value) value FROM ${HISTORY_TABLE} WHERE ${sqlFieldFilter(fields)} ` +
        `AND ts >= ${sqlTime(fromUs)} AND ts <= ${sqlTime(toUs)} SAMPLE BY ${sampleByWidth(bucketUs)} ALIGN TO CALENDAR`,
    );
  }

  latest(fields: readonly string[], sinceUs: number): Promise<FieldValue[]> {
    return this.read(
      `SELECT ts, field, value FROM ${HISTORY_TABLE} WHERE ${sqlFieldFilter(fields)} AND ts >= ${sqlTime(sinceUs)} ` +
        'LATEST ON ts PARTITION BY field',
    );
  }

  values(fields: readonly string[], fromUs: number, toUs: number, limit: number): Promise<FieldValue[]> {
    return this.read(
      `SELECT ts, field, value FROM ${HISTORY_TABLE} WHERE ${sqlFieldFilter(fields)} ` +
        `AND ts >= ${sqlTime(fromUs)} AND ts <= ${sqlTime(toUs)} ORDER BY ts LIMIT ${Math.trunc(limit)}`,
    );
  }

  async check(): Promise<void> {
    await this.http.exec('SELECT 1');
  }

  async close(): Promise<void> {
    const sender = this.sender;
    this.sender = undefined;
    await sender?.then((open) => open.close()).catch(() => undefined);
  }

  /** Runs a query of `ts, field, value` and reads the time back as a number of microseconds, not ISO text. */
  private async read(query: string): Promise<FieldValue[]> {
    const rows = await this.http.exec(`SELECT field, cast(ts AS LONG), value FROM (${query})`);
    return rows.map(([field, ts, value]) => ({ field: field as string, ts: Number(ts), value: value as number }));
  }

  /** The table exists and the sender is open; set up again on the next call after a failure. */
  private ready(): Promise<Sender> {
    this.sender ??= this.setUp().catch((error: unknown) => {
      this.sender = undefined;
      throw error;
    });
    return this.sender;
  }

  private async setUp(): Promise<Sender> {
    await this.http.exec(CREATE_TABLE);
    const version = this.protocolVersion === 'auto' ? await this.detectProtocolVersion() : this.protocolVersion;
    const address = new URL(this.url);
    const scheme = address.protocol.replace(':', '');
    const sender = await Sender.fromConfig(`${scheme}::addr=${address.host};protocol_version=${version};auto_flush=off;retry_timeout=1000`, {
      log: (level, message) => {
        if (level === 'error' || level === 'warn') this.logger.warn(String(message));
      },
    });
    this.logger.log(`${this.description}: table ${HISTORY_TABLE} ready, ILP protocol_version=${version}`);
    return sender;
  }

  /** Version 1 for QuestDB 8.x and older (DESIGN.md); 9.x and newer negotiate. An unknown answer gets 1, which all take. */
  private async detectProtocolVersion(): Promise<'1' | 'auto'> {
    const rows = await this.http.exec('SELECT build()').catch(() => []);
    const major = Number(/QuestDB (\d+)\./.exec(String(rows[0]?.[0]))?.[1]);
    return major >= 9 ? 'auto' : '1';
  }
}
