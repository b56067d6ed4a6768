import type { DuckDBConnection, DuckDBTimestampValue, DuckDBValue } from '@duckdb/node-api';
import { DAY_US, HOUR_US, MINUTE_US } from '@eventcast/domain';
import { floorTo, Rollup, ROLLUPS } from '../rollup-plan';
import { HISTORY_TABLE } from '../time-series-store.port';
import { duckDbApi } from './duckdb-api';

/** Values stamped within the last minute may still be on their way: a refresh rolls up to a minute before now. */
export const REFRESH_LAG_US = MINUTE_US;
/**
 * The rows one refresh transaction should add to the minutes table at most. DuckDB keeps a row
 * group of 122,880 rows: a transaction that inserts fewer fills the table's last row group, while
 * one that inserts more writes row groups of its own and leaves one part-filled, and every later
 * checkpoint merges a few of those, holding writes for seconds (docs/history.md).
 */
const REFRESH_ROWS = 100_000;

/**
 * How much time the next refresh transaction rolls up: whole hours, one to a day, as many as keep
 * it under `REFRESH_ROWS`, judged by the rows the last one added over its span; a refresh that
 * added none keeps `currentUs`. A long catch-up thus also lets writes in between.
 */
export function refreshChunk(currentUs: number, lastRows: number, lastSpanUs: number): number {
  if (lastRows <= 0 || lastSpanUs <= 0) return currentUs;
  const hours = Math.floor(REFRESH_ROWS / ((lastRows * HOUR_US) / lastSpanUs));
  return Math.min(DAY_US, Math.max(HOUR_US, hours * HOUR_US));
}

export const ROLLUP_STATE_TABLE = `${HISTORY_TABLE}_rollup_state`;

/** The rollup table of one width: `history_values_1m`, `history_values_1h`. */
export function rollupTable(rollup: Rollup): string {
  return `${HISTORY_TABLE}_${rollup.resolution}`;
}

export const CREATE_ROLLUP_TABLES = [
  ...ROLLUPS.map(
    (rollup) =>
      `CREATE TABLE IF NOT EXISTS ${rollupTable(rollup)} (ts TIMESTAMP NOT NULL, field VARCHAR NOT NULL, ` +
      'total DOUBLE NOT NULL, n BIGINT NOT NULL, lo DOUBLE NOT NULL, hi DOUBLE NOT NULL)',
  ),
  `CREATE TABLE IF NOT EXISTS ${ROLLUP_STATE_TABLE} (done_until TIMESTAMP, dirty_from TIMESTAMP, raw_kept_from TIMESTAMP)`,
  `INSERT INTO ${ROLLUP_STATE_TABLE} SELECT NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM ${ROLLUP_STATE_TABLE})`,
];

/**
 * What the rollup tables hold, kept in the one-row state table and committed with the rows it
 * describes, so an interrupted refresh (a crash, a close) leaves both as they were.
 * - `doneUntil`: every value stamped before it is rolled up.
 * - `dirtyFrom`: a write stamped before `doneUntil` (a backlog) made the minutes from here on stale
 *   up to `doneUntil`; they are rolled up again, and until then reads take them from the raw points.
 * - `rawKeptFrom`: retention dropped the raw points before it; the rollups keep those times.
 */
export interface RollupState {
  doneUntilUs?: number;
  dirtyFromUs?: number;
  rawKeptFromUs?: number;
}

/** The time before which `rollup` holds every value written (0: nothing yet). */
export function coveredUntil(state: RollupState, rollup: Rollup): number {
  const until = Math.min(state.doneUntilUs ?? 0, state.dirtyFromUs ?? Infinity);
  return floorTo(until, rollup.widthUs);
}

export async function readRollupState(connection: DuckDBConnection): Promise<RollupState> {
  const reader = await connection.runAndReadAll(
    `SELECT epoch_us(done_until)::DOUBLE AS done, epoch_us(dirty_from)::DOUBLE AS dirty, ` +
      `epoch_us(raw_kept_from)::DOUBLE AS kept FROM ${ROLLUP_STATE_TABLE}`,
  );
  const [row] = reader.getRowObjectsJS() as Array<Record<string, number | null>>;
  return {
    doneUntilUs: row?.done ?? undefined,
    dirtyFromUs: row?.dirty ?? undefined,
    rawKeptFromUs: row?.kept ?? undefined,
  };
}

/** Writes what the rollups hold; `rawKeptFromUs` is retention's own (`writeRawKeptFrom`). */
export function writeRollupState(connection: DuckDBConnection, state: RollupState): Promise<unknown> {
  return connection.run(`UPDATE ${ROLLUP_STATE_TABLE} SET done_until = $done, dirty_from = $dirty`, {
    done: optionalTime(state.doneUntilUs),
    dirty: optionalTime(state.dirtyFromUs),
  });
}

/** Notes that retention dropped the raw points before `cutUs` (the rest of the state is the writer's). */
export function writeRawKeptFrom(connection: DuckDBConnection, cutUs: number): Promise<unknown> {
  return connection.run(`UPDATE ${ROLLUP_STATE_TABLE} SET raw_kept_from = $kept`, { kept: time(cutUs) });
}

/**
 * The next stretch of minutes to roll up, `[fromUs, untilUs)`, at most `chunkUs` long, and the
 * state once it is; undefined: up to date. Stale minutes go first; then from where the last refresh
 * ended, skipping to the oldest raw point after it (`oldestRawUs`, from a time and before another
 * if given), up to a minute before now. The oldest point is looked for within the next chunk
 * first: over the rest of a year of points, the search took half a second.
 */
export async function nextRefresh(
  state: RollupState,
  nowUs: number,
  chunkUs: number,
  oldestRawUs: (fromUs: number | undefined, beforeUs?: number) => Promise<number | undefined>,
): Promise<{ fromUs: number; untilUs: number; after: RollupState } | undefined> {
  const kept = state.rawKeptFromUs;
  const dirtyFrom = state.dirtyFromUs === undefined ? undefined : Math.max(state.dirtyFromUs, kept ?? -Infinity);
  if (dirtyFrom !== undefined && state.doneUntilUs !== undefined && dirtyFrom < state.doneUntilUs) {
    const fromUs = floorTo(dirtyFrom, MINUTE_US);
    const untilUs = Math.min(fromUs + chunkUs, state.doneUntilUs);
    return { fromUs, untilUs, after: { ...state, dirtyFromUs: untilUs < state.doneUntilUs ? untilUs : undefined } };
  }
  const targetUs = floorTo(nowUs - REFRESH_LAG_US, MINUTE_US);
  const startUs = maxOf(state.doneUntilUs, kept);
  if (startUs !== undefined && startUs >= targetUs) return undefined;
  const nearby = startUs === undefined ? undefined : await oldestRawUs(startUs, Math.min(startUs + chunkUs, targetUs));
  const oldest = nearby ?? (await oldestRawUs(startUs));
  const upToDate = { ...state, dirtyFromUs: undefined, doneUntilUs: targetUs };
  if (oldest === undefined || oldest >= targetUs) return { fromUs: targetUs, untilUs: targetUs, after: upToDate };
  const fromUs = Math.max(startUs ?? -Infinity, floorTo(oldest, MINUTE_US));
  const untilUs = Math.min(fromUs + chunkUs, targetUs);
  return { fromUs, untilUs, after: { ...upToDate, doneUntilUs: untilUs } };
}

function maxOf(...times: Array<number | undefined>): number | undefined {
  const given = times.filter((time): time is number => time !== undefined);
  return given.length > 0 ? Math.max(...given) : undefined;
}

/**
 * The statements that roll up `[fromUs, untilUs)`: its minutes again from the raw points, then the
 * whole hours they complete from the minutes. Run in one transaction.
 */
export function refreshStatements(fromUs: number, untilUs: number): Array<[string, Record<string, DuckDBValue>]> {
  const [hours, minutes] = ROLLUPS;
  const minuteRange = { from: time(fromUs), until: time(untilUs) };
  const hourRange = { from: time(floorTo(fromUs, HOUR_US)), until: time(floorTo(untilUs, HOUR_US)) };
  return [
    [`DELETE FROM ${rollupTable(minutes)} WHERE ts >= $from AND ts < $until`, minuteRange],
    [
      `INSERT INTO ${rollupTable(minutes)} SELECT time_bucket(INTERVAL 1 MINUTE, ts) AS ts, field, ` +
        `sum(value), count(*), min(value), max(value) FROM ${HISTORY_TABLE} WHERE ts >= $from AND ts < $until GROUP BY ALL ORDER BY ts, field`,
      minuteRange,
    ],
    [`DELETE FROM ${rollupTable(hours)} WHERE ts >= $from AND ts < $until`, hourRange],
    [
      `INSERT INTO ${rollupTable(hours)} SELECT time_bucket(INTERVAL 1 HOUR, ts) AS ts, field, ` +
        `sum(total), sum(n), min(lo), max(hi) FROM ${rollupTable(minutes)} WHERE ts >= $from AND ts < $until GROUP BY ALL ORDER BY ts, field`,
      hourRange,
    ],
  ];
}

export function time(micros: number): DuckDBTimestampValue {
  return duckDbApi().timestampValue(BigInt(Math.round(micros)));
}

function optionalTime(micros: number | undefined): DuckDBValue {
  return micros === undefined ? null : time(micros);
}
