import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { StoreUnavailableError } from '@eventcast/domain';
import { LinesRefusedError } from './questdb-http.client';
import { QuestDbTimeSeriesStore } from './questdb-time-series-store';

/**
 * A stand-in for QuestDB's HTTP endpoints that records what the adapter sends. It checks the
 * requests the adapter makes, not QuestDB's answers: that is the contract suite's job against a
 * real server (docs/history.md, "QuestDB in the tests").
 */
class RecordingQuestDb {
  readonly queries: string[] = [];
  readonly writes: string[] = [];
  readonly paths: string[] = [];
  rows: unknown[][] = [];
  /** The status `/write` answers with, and its message. */
  writeAnswer = { status: 204, message: '' };
  private server?: Server;

  async start(): Promise<string> {
    const server = createServer((request, response) => void this.answer(request, response));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://questdb');
    this.paths.push(url.pathname);
    let body = '';
    for await (const chunk of request) body += String(chunk);
    if (url.pathname === '/write') {
      this.writes.push(body);
      const { status, message } = this.writeAnswer;
      if (status === 204) response.writeHead(204).end();
      else response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
    } else {
      const query = url.searchParams.get('query') ?? '';
      this.queries.push(query);
      const dataset = query.startsWith('SELECT field, cast') ? this.rows : [];
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ dataset }));
    }
  }
}

describe(QuestDbTimeSeriesStore.name, () => {
  let questDb: RecordingQuestDb;
  let store: QuestDbTimeSeriesStore;

  async function open(): Promise<void> {
    questDb = new RecordingQuestDb();
    store = new QuestDbTimeSeriesStore(await questDb.start());
    await store.open();
  }

  beforeEach(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));

  afterEach(async () => {
    await store.close();
    await questDb.stop();
    jest.restoreAllMocks();
  });

  it('creates the narrow table and writes each batch as line protocol text in one request', async () => {
    await open();
    expect(questDb.queries[0]).toBe(
      'CREATE TABLE IF NOT EXISTS history_values (ts TIMESTAMP, field SYMBOL, value DOUBLE) TIMESTAMP(ts) PARTITION BY DAY WAL DEDUP UPSERT KEYS(ts, field)',
    );
    await store.write([
      {
        ts: 1_714_564_800_000_001,
        values: new Map([
          ['k/a b,c=d', 1.5],
          ['k/v', 2],
        ]),
      },
    ]);
    expect(questDb.writes).toEqual([
      'history_values,field=k/a\\ b\\,c\\=d value=1.5 1714564800000001000\nhistory_values,field=k/v value=2 1714564800000001000\n',
    ]);
  });

  it('blames a refused write on the batch only when QuestDB refuses its lines, not when the server fails', async () => {
    await open();
    const batch = [{ ts: 1_714_564_800_000_001, values: new Map([['k/v', 2]]) }];
    questDb.writeAnswer = { status: 400, message: 'cast error for line protocol' };
    await expect(store.write(batch)).rejects.toThrow(LinesRefusedError);
    questDb.writeAnswer = { status: 500, message: 'could not open read-write [file=/db/history_values, errno=28]' };
    await expect(store.write(batch)).rejects.toThrow(StoreUnavailableError);
    await expect(store.write(batch)).rejects.toThrow(/the time-series store could not answer: .*errno=28/);
    await questDb.stop();
    await expect(store.write(batch)).rejects.toThrow(StoreUnavailableError);
  });

  it('sends field names to SQL only as literals with their quotes doubled, and reads times back as microseconds', async () => {
    await open();
    questDb.rows = [["it's", 1_714_564_800_000_001, 4.5]];
    await expect(store.latest(["it's", "x') OR ('1'='1"], 1_714_564_800_000_000)).resolves.toEqual([
      { field: "it's", ts: 1_714_564_800_000_001, value: 4.5 },
    ]);
    expect(questDb.queries.at(-1)).toBe(
      "SELECT field, cast(ts AS LONG), value FROM (SELECT ts, field, value FROM history_values WHERE cast(field AS string) IN ('it''s', 'x'') OR (''1''=''1') " +
        "AND ts >= '2024-05-01T12:00:00.000000Z' LATEST ON ts PARTITION BY field)",
    );
  });

  it('samples ranges by the bucket width in its largest whole unit, aligned to the calendar', async () => {
    await open();
    await store.averages(['k/v'], 0, 86_400_000_000, 900_000_000);
    expect(questDb.queries.at(-1)).toContain('SAMPLE BY 15m ALIGN TO CALENDAR');
  });
});
