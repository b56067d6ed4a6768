import 'reflect-metadata';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import { WebSocket } from 'ws';
import { dropQuestDbTables, QuestDbServer, questDbTargets, waitFor } from '@eventcast/testing';
import { cleanups, cpuMs, runBench } from './bench-run';
import { BENCH_RUN, MQTT_URL } from './history/bench-settings';
import { controllerEvent, fieldsOf } from './history/controller-event';
import { HistoryProcess } from './history/history-process';
import { percentile } from './percentile';

// 100 open live graphs: as many WebSocket clients each hold a live `ranges` of 10 fields on the
// history stream while one controller publishes 5 events/s. Measures the history service's CPU
// (and QuestDB's) and the time from an event's publish to each client's first message holding it.

const CLIENTS = Number(process.env.BENCH_STREAM_CLIENTS ?? 100);
const FIELDS_PER_CLIENT = 10;
const EVENTS_PER_SECOND = 5;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARM_UP_SECONDS = 5;
/** 10 minutes in 100 ms buckets, so the newest bucket holds the newest event or two. */
const QUERY = { duration: '10m', points: 6000 };
const QUESTDB_VERSION = '9.3.2';

interface StreamFigures {
  historyCore: number;
  questDbCore?: number;
  latencies: number[];
  missed: number;
  messages: number;
  /** Times the publisher lost the broker: a run with any measures the broker, not the stream. */
  publisherDrops: number;
}

/**
 * A live graph: one socket, one `ranges` query whose first field is the event number. Event `n` has
 * arrived with the first bucket whose average passes `n - 1`: only a bucket holding `n` (alone, or
 * with `n - 1` when two share one) can.
 */
class LiveGraph {
  /** When the highest event number seen so far rose, and to what. */
  private readonly highest: Array<{ at: number; seq: number }> = [];
  messages = 0;
  private readonly socket: WebSocket;

  constructor(url: string, fields: string[]) {
    this.socket = new WebSocket(url, ['eventcast']);
    this.socket.on('open', () =>
      this.socket.send(JSON.stringify({ id: 'graph', command: 'ranges', query: { ...QUERY, fields } })),
    );
    this.socket.on('message', (raw) => this.receive(raw.toString(), fields[0]));
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.socket.close();
  }

  /** When event `seq` first showed, if it did. */
  arrivalOf(seq: number): number | undefined {
    return this.highest.find((rise) => rise.seq > seq - 1)?.at;
  }

  private receive(text: string, seqField: string): void {
    const now = Date.now();
    this.messages++;
    const message = JSON.parse(text) as { data?: Array<{ field: string; values: Array<[number, number]> }> };
    for (const series of message.data ?? []) {
      if (series.field !== seqField) continue;
      const top = Math.max(...series.values.map(([, seq]) => seq));
      if (top > (this.highest.at(-1)?.seq ?? -Infinity)) this.highest.push({ at: now, seq: top });
    }
  }
}

/** Client `i`'s fields: the event number, then 9 of the controller's fields picked by `i`. */
function graphFields(all: string[], i: number): string[] {
  const others = all.slice(1);
  return [all[0], ...Array.from({ length: FIELDS_PER_CLIENT - 1 }, (_, k) => others[(i * 7 + k * 37) % others.length])];
}

async function measure(env: Record<string, string>, questDbPid?: number): Promise<StreamFigures> {
  const history = await HistoryProcess.start(env);
  let stopped: Promise<void> | undefined;
  const stopHistory = () => (stopped ??= history.stop());
  cleanups.push(stopHistory);
  const key = `bench-stream-${BENCH_RUN}`;
  const fields = fieldsOf(key);
  // Ended before the next store's run: a second publisher with the same client id would take its
  // session over, and the two would throw each other off the broker every second.
  const publisher = await connectAsync(MQTT_URL, { clientId: `${key}-publisher` });
  let endedPublisher: Promise<void> | undefined;
  const endPublisher = () => (endedPublisher ??= publisher.endAsync());
  cleanups.push(endPublisher);
  let publisherDrops = 0;
  publisher.on('close', () => publisherDrops++);
  const published = new Map<number, number>();
  let seq = 0;
  const publishOne = async () => {
    const event = controllerEvent(key, ++seq);
    published.set(seq, Date.now());
    await publisher.publishAsync(`eventcast/history/${key}`, JSON.stringify(event), { qos: 1 });
  };
  await publishOne();
  const graphUrl = `${history.base.replace(/^http/, 'ws')}/stream`;
  const graphs = Array.from({ length: CLIENTS }, (_, i) => new LiveGraph(graphUrl, graphFields(fields, i)));
  cleanups.push(async () => graphs.forEach((graph) => graph.close()));
  await waitFor('every live graph to open', () => graphs.every((graph) => graph.open), 30_000);
  const ticker = setInterval(() => void publishOne(), 1000 / EVENTS_PER_SECOND);
  cleanups.push(async () => clearInterval(ticker));
  await new Promise((done) => setTimeout(done, WARM_UP_SECONDS * 1000));
  const firstMeasured = seq + 1;
  const startedAt = Date.now();
  const historyCpu = history.cpuMs;
  const questDbCpu = questDbPid === undefined ? 0 : cpuMs(questDbPid);
  const messagesBefore = graphs.reduce((sum, graph) => sum + graph.messages, 0);
  await new Promise((done) => setTimeout(done, SECONDS * 1000));
  const elapsed = Date.now() - startedAt;
  const historyCore = (history.cpuMs - historyCpu) / elapsed;
  const questDbCore = questDbPid === undefined ? undefined : (cpuMs(questDbPid) - questDbCpu) / elapsed;
  const lastMeasured = seq;
  clearInterval(ticker);
  await new Promise((done) => setTimeout(done, 3000));
  const latencies: number[] = [];
  let missed = 0;
  for (let n = firstMeasured; n <= lastMeasured; n++) {
    for (const graph of graphs) {
      const at = graph.arrivalOf(n);
      if (at === undefined) missed++;
      else latencies.push(at - (published.get(n) ?? at));
    }
  }
  const messages = graphs.reduce((sum, graph) => sum + graph.messages, 0) - messagesBefore;
  graphs.forEach((graph) => graph.close());
  const drops = publisherDrops;
  await endPublisher();
  await stopHistory();
  return { historyCore, questDbCore, latencies, missed, messages, publisherDrops: drops };
}

function report(name: string, figures: StreamFigures): void {
  const p = (q: number) => `${Math.round(percentile(figures.latencies, q))} ms`;
  const questDb = figures.questDbCore === undefined ? '' : `, QuestDB ${percent(figures.questDbCore)} of a core`;
  console.log(
    `${name.padEnd(14)} ${CLIENTS} live graphs of ${FIELDS_PER_CLIENT} fields, ${EVENTS_PER_SECOND} events/s for ${SECONDS} s: ` +
      `history ${percent(figures.historyCore)} of a core${questDb}; publish to client p50 ${p(50)}, p99 ${p(99)}, ` +
      `max ${p(100)}; ${figures.missed} of ${figures.latencies.length + figures.missed} never arrived; ` +
      `${Math.round(figures.messages / SECONDS)} messages/s to the clients` +
      (figures.publisherDrops > 0 ? `; the publisher lost the broker ${figures.publisherDrops} times` : ''),
  );
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** QuestDB at QUESTDB_URL, else the 9.3.2 started here; the run's table and its rollups are dropped at the end. */
async function questDbEnv(): Promise<{ env: Record<string, string>; pid?: number }> {
  let [target] = questDbTargets();
  let pid: number | undefined;
  if (target === undefined) {
    const root = mkdtempSync(join(tmpdir(), 'stream-bench-questdb-'));
    cleanups.push(async () => {
      await QuestDbServer.stop(root);
      rmSync(root, { recursive: true, force: true });
    });
    const server = await QuestDbServer.start(QUESTDB_VERSION, root);
    target = { label: `QuestDB ${QUESTDB_VERSION}`, url: server.url };
    pid = Number(readFileSync(join(root, 'questdb.pid'), 'utf8'));
  }
  const table = `history_stream_bench_${BENCH_RUN}`;
  cleanups.push(() => dropQuestDbTables(target.url, table));
  return { env: { QUESTDB_URL: target.url, QUESTDB_TABLE: table }, pid };
}

runBench('bench:stream', 15 * 60_000, async () => {
  const stores = (process.env.BENCH_STORES ?? 'embedded,questdb').split(',');
  if (stores.includes('embedded')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'stream-bench-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    report('embedded', await measure({ DATA_DIR: dataDir, QUESTDB_URL: '' }));
  }
  if (stores.includes('questdb')) {
    const { env, pid } = await questDbEnv();
    report(`QuestDB`, await measure(env, pid));
  }
});
