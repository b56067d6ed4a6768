// QuestDB's own ingest limit on this machine: line protocol text posted to /write in large batches
// into a table of the history shape (without the service's rollup, whose upkeep counts against the
// service), every row counted back. The history service is measured against it.
import { Sender } from '@questdb/nodejs-client';
import { createTable, IlpTextEncoder, QuestDbHttpClient, TimedValues } from '@eventcast/time-series-store';

const LINES_PER_REQUEST = 100_000;
const REQUESTS = 60;
const CLIENT_VALUES = 1_000_000;

export interface IngestLimit {
  /** Values per second, counted back, at the best number of requests in flight. */
  valuesPerSecond: number;
  inFlight: number;
  /** Every tried number of requests in flight with its rate. */
  tries: Array<{ inFlight: number; valuesPerSecond: number }>;
  /** `@questdb/nodejs-client` on the same rows, one batch at a time, for comparison. */
  clientValuesPerSecond: number;
}

/** Events of `fields` values each, 1 ms apart, ending now. */
function events(fieldNames: string[], count: number): TimedValues[] {
  const end = Date.now() * 1000;
  return Array.from({ length: count }, (_, index) => ({
    ts: end - (count - index) * 1000,
    values: new Map(fieldNames.map((field, f) => [field, 20 + f / 10 + (index % 100) / 100])),
  }));
}

async function countRows(http: QuestDbHttpClient, table: string, expected: number): Promise<void> {
  for (;;) {
    const [[count]] = await http.exec(`SELECT count() FROM ${table}`);
    if (Number(count) >= expected) return;
    await new Promise((done) => setTimeout(done, 10));
  }
}

/**
 * A fresh table `table` of the history shape; dropped again after `use`. Each try takes a name of
 * its own: QuestDB keeps a table per line-protocol connection, and lines sent on a kept-alive
 * connection into a dropped table of the same name vanish without an error.
 */
async function withTable<T>(url: string, table: string, use: (http: QuestDbHttpClient) => Promise<T>): Promise<T> {
  const http = new QuestDbHttpClient(url);
  await http.exec(`DROP TABLE IF EXISTS ${table}`);
  await http.exec(createTable(table));
  try {
    return await use(http);
  } finally {
    await http.exec(`DROP TABLE IF EXISTS ${table}`);
  }
}

async function textRate(
  url: string,
  table: string,
  bodies: string[],
  inFlight: number,
  values: number,
): Promise<number> {
  return withTable(url, table, async (http) => {
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < bodies.length) await http.write(bodies[next++]);
      }),
    );
    await countRows(http, table, values);
    return Math.round(values / ((performance.now() - started) / 1000));
  });
}

async function clientRate(url: string, table: string, rows: TimedValues[], values: number): Promise<number> {
  return withTable(url, table, async (http) => {
    // Protocol version 1 (text) is what QuestDB 8.x takes; 9.x measured the same with 2.
    const sender = await Sender.fromConfig(
      `http::addr=${new URL(url).host};protocol_version=1;auto_flush=off;max_buf_size=1073741824`,
    );
    const started = performance.now();
    const perFlush = Math.ceil(LINES_PER_REQUEST / rows[0].values.size);
    for (let from = 0; from < rows.length; from += perFlush) {
      for (const event of rows.slice(from, from + perFlush)) {
        for (const [field, value] of event.values)
          await sender.table(table).symbol('field', field).floatColumn('value', value).at(event.ts, 'us');
      }
      await sender.flush();
    }
    await sender.close();
    await countRows(http, table, values);
    return Math.round(values / ((performance.now() - started) / 1000));
  });
}

/** Measures the limit with 1, 2 and 4 requests in flight, in table `table` (dropped afterwards). */
export async function measureQuestDbLimit(url: string, table: string, fieldNames: string[]): Promise<IngestLimit> {
  const perRequest = Math.floor(LINES_PER_REQUEST / fieldNames.length);
  const rows = events(fieldNames, perRequest * REQUESTS);
  const bodies = (inFlight: number) => {
    const encoder = new IlpTextEncoder(`${table}_${inFlight}`);
    return Array.from({ length: REQUESTS }, (_, index) =>
      encoder.encode(rows.slice(index * perRequest, (index + 1) * perRequest)),
    );
  };
  const values = rows.length * fieldNames.length;
  const tries = [];
  for (const inFlight of [1, 2, 4])
    tries.push({
      inFlight,
      valuesPerSecond: await textRate(url, `${table}_${inFlight}`, bodies(inFlight), inFlight, values),
    });
  const best = tries.reduce((a, b) => (b.valuesPerSecond > a.valuesPerSecond ? b : a));
  const clientRows = rows.slice(0, Math.ceil(CLIENT_VALUES / fieldNames.length));
  const clientValuesPerSecond = await clientRate(
    url,
    `${table}_client`,
    clientRows,
    clientRows.length * fieldNames.length,
  );
  return { valuesPerSecond: best.valuesPerSecond, inFlight: best.inFlight, tries, clientValuesPerSecond };
}
