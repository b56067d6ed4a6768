// The query data set of the history bench, generated inside QuestDB (INSERT ... SELECT from
// long_sequence), which is far faster than sending 110 million rows: one field with 10 million
// points 100 ms apart, and 100 fields with 1 million points each 1 s apart over the same 11.6 days.
import { QuestDbHttpClient, rollupName, ROLLUPS, sqlText } from '@eventcast/time-series-store';

/** Rows per INSERT: QuestDB 8.1.4 took more than the client's 10 s for 10 million. */
const ROWS_PER_INSERT = 2_000_000;
const SECOND_US = 1_000_000;

export interface QueryData {
  dense: string;
  ten: string[];
  hundred: string[];
  startMs: number;
  endMs: number;
  rows: number;
}

/** Fills `table` (which exists) with the query data set of field names below `prefix`. */
export async function fillQuestDb(url: string, table: string, prefix: string): Promise<QueryData> {
  const http = new QuestDbHttpClient(url);
  const endUs = Date.now() * 1000;
  const startUs = endUs - 10_000_000 * 100_000;
  const dense = `${prefix}/dense/value[degC]`;
  const others = Array.from({ length: 100 }, (_, index) => `${prefix}/sensor ${index}/value`);
  const insert = (rows: number, offset: number, select: string) =>
    http.exec(
      `INSERT INTO ${table} SELECT ${select.replaceAll('$x', `(x + ${offset - 1}L)`)} FROM long_sequence(${rows})`,
    );
  for (let offset = 0; offset < 100_000_000; offset += ROWS_PER_INSERT) {
    await insert(
      ROWS_PER_INSERT,
      offset,
      `cast(${startUs}L + ($x / 100) * ${SECOND_US}L + ($x % 100) AS TIMESTAMP), cast(concat(${sqlText(`${prefix}/sensor `)}, $x % 100, '/value') AS SYMBOL), ($x % 100) + rnd_double()`,
    );
  }
  for (let offset = 0; offset < 10_000_000; offset += ROWS_PER_INSERT) {
    await insert(
      ROWS_PER_INSERT,
      offset,
      `cast(${startUs}L + $x * 100000L AS TIMESTAMP), cast(${sqlText(dense)} AS SYMBOL), 20 + rnd_double()`,
    );
  }
  const rows = 110_000_000;
  await until(async () => Number((await http.exec(`SELECT count() FROM ${table}`))[0][0]) >= rows);
  await rollupsCaughtUp(http, table);
  return {
    dense,
    ten: others.slice(0, 10),
    hundred: [dense, ...others.slice(0, 99)],
    startMs: startUs / 1000,
    endMs: endUs / 1000,
    rows,
  };
}

/** QuestDB 9.x: the service's rollups (materialized views) take the rows a while after the table. */
export async function rollupsCaughtUp(http: QuestDbHttpClient, table: string): Promise<void> {
  const views = ROLLUPS.map((rollup) => sqlText(rollupName(table, rollup))).join(', ');
  const behind = `SELECT count() FROM materialized_views() WHERE view_name IN (${views}) AND refresh_base_table_txn < base_table_txn`;
  await until(async () => Number((await http.exec(behind).catch(() => [[0]]))[0][0]) === 0);
}

export async function until(done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 250));
}
