// npm run bench:history — the history service as a user runs it (the built app, a process of its
// own) against the real broker: (1) the latency of `ranges` and `metrics` over 10 million points of
// one field (on QuestDB in a table that also holds 100 million points of other fields); (2) ingest
// of realistic controller events at increasing rates, every value counted back through the query
// API, with publish-to-queryable latency. On the embedded DuckDB store and on QuestDB: the servers
// `QUESTDB_URL` names, else the tested versions started from Maven (docs/history.md). On QuestDB it
// first measures QuestDB's own ingest limit and gives the service's sustained rate as a share of it.
// BENCH_SECONDS sets each ingest step's length. Everything it writes goes to tables of its own,
// dropped at the end.
import 'reflect-metadata';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectAsync, MqttClient } from 'mqtt';
import { freePort, waitFor } from '@eventcast/testing';
import {
  DuckDbTimeSeriesStore,
  EMBEDDED_STORE_FILE,
  QuestDbHttpClient,
  QuestDbTimeSeriesStore,
  rollupName,
  ROLLUPS,
  TimedValues,
  TimeSeriesStore,
} from '@eventcast/time-series-store';
import { cleanups, cpuMs, runBench } from './bench-run';
import { fillQuestDb, QueryData } from './history/questdb-fill';
import { questDbServers } from './history/questdb-servers';
import { IngestLimit, measureQuestDbLimit } from './history/questdb-limit';

const WORKSPACE = resolve(__dirname, '../..');
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const STEP_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATES = [100, 200, 400, 600, 800, 1000, 1200, 1400, 1700, 2000, 2400, 2800]; // events per second
const PROBES_PER_SECOND = 20;
/** The embedded store's targets; on QuestDB the rate is half of QuestDB's own limit and p99 is 1 s. */
const TARGETS = { valuesPerSecond: 100_000, p99Ms: 2_000, rangesOneFieldMs: 200, metricsMs: 20 };
const QUESTDB_TARGETS = { shareOfLimit: 0.5, p99Ms: 1_000 };
const QUERY_RUNS = 15;
const METRICS_SCRAPES = 200;
/** The scrape interval of the Compose Prometheus (docker/prometheus/prometheus.yml). */
const PROMETHEUS_INTERVAL_S = 15;
const CSV_FIELDS_PER_REQUEST = 200;
const SECOND_US = 1_000_000;

const run = randomBytes(3).toString('hex');
const post = async (base: string, path: string, body: unknown) => {
  const response = await fetch(`${base}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response;
};

/** 50 blocks with 5 to 10 logged values each, as a controller publishes them, plus the event's number. */
function controllerEvent(key: string, seq: number) {
  const data: Record<string, unknown> = { seq };
  for (let block = 0; block < 50; block++) {
    const fields: Record<string, unknown> = {
      'value[degC]': 20 + block / 10 + (seq % 100) / 100,
      'setting[degC]': 21,
      enabled: block % 2 === 0,
      state: (block + seq) % 3,
      'error[delta_degC]': -0.25,
    };
    for (let extra = 0; extra < block % 6; extra++)
      fields[`extra${extra}`] = extra % 2 ? String(extra + seq) : extra * 1.5;
    data[`Block ${block}`] = fields;
  }
  return { key, data };
}

function fieldsOf(key: string): string[] {
  const event = controllerEvent(key, 0).data as Record<string, Record<string, unknown>>;
  return [
    `${key}/seq`,
    ...Object.entries(event).flatMap(([block, fields]) =>
      typeof fields === 'object' ? Object.keys(fields).map((field) => `${key}/${block}/${field}`) : [],
    ),
  ];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

class History {
  readonly output: string[] = [];
  private constructor(
    private readonly child: ChildProcess,
    readonly base: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
  }

  static async start(env: Record<string, string>): Promise<History> {
    const port = await freePort();
    const spoolDir = mkdtempSync(join(tmpdir(), 'history-bench-spool-'));
    cleanups.push(async () => rmSync(spoolDir, { recursive: true, force: true }));
    const child = spawn(process.execPath, [join(WORKSPACE, 'dist/apps/history/main.js')], {
      env: {
        ...process.env,
        NO_COLOR: '1',
        PORT: String(port),
        MQTT_URL,
        DATA_DIR: spoolDir,
        MQTT_CLIENT_ID: `eventcast-history-bench-${run}`,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const history = new History(child, `http://127.0.0.1:${port}/history/timeseries`);
    await waitFor('the history service', () => history.output.join('').includes('connected to'), 60_000);
    return history;
  }

  /** The service's CPU time so far, in milliseconds. */
  get cpuMs(): number {
    return cpuMs(this.child.pid ?? 0);
  }

  /** Log lines that say values were dropped or refused. */
  get losses(): string[] {
    return this.output
      .join('')
      .split('\n')
      .filter((line) => /ingest stopped|dropping it|skipped \d+ bytes/.test(line));
  }

  async stop(): Promise<void> {
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.kill('SIGTERM');
    await exited;
    const client = await connectAsync(MQTT_URL, { clientId: `eventcast-history-bench-${run}`, clean: true });
    await client.endAsync();
  }
}

/** Values of `fields` stored since `since` (ms), counted from the CSV export, and the event numbers seen. */
async function countBack(
  base: string,
  fields: string[],
  since: number,
): Promise<{ values: number; seqs: Set<number> }> {
  let values = 0;
  const seqs = new Set<number>();
  for (let from = 0; from < fields.length; from += CSV_FIELDS_PER_REQUEST) {
    const chunk = fields.slice(from, from + CSV_FIELDS_PER_REQUEST);
    const text = await (await post(base, 'csv', { fields: chunk, start: since, precision: 'ms' })).text();
    const lines = text.split('\r\n').slice(1, -1);
    for (const line of lines) {
      const cells = line.split(',').slice(1);
      values += cells.filter((cell) => cell !== '').length;
      if (from === 0) seqs.add(Number(cells[0]));
    }
  }
  return { values, seqs };
}

interface StepResult {
  rate: number;
  events: number;
  stored: number;
  values: number;
  expectedValues: number;
  seconds: number;
  /** CPU time the service spent during the step, in milliseconds. */
  cpuMs: number;
  p50: number;
  p99: number;
  ok: boolean;
}

async function ingestStep(
  history: History,
  publisher: MqttClient,
  rate: number,
  p99TargetMs: number,
): Promise<StepResult> {
  const key = `bench-${run}-${rate}`;
  const fields = fieldsOf(key);
  const probeField = `${key}-probe/n`;
  const sent = new Map<number, number>();
  const latencies: number[] = [];
  const since = Date.now() - 1000;
  const started = Date.now();
  const cpuBefore = history.cpuMs;
  let seq = 0;
  let probe = 0;
  let publishing = true;

  const poller = (async () => {
    let seen = -1;
    while (publishing || seen < probe - 1) {
      const [latest] = (await (
        await post(history.base, 'metrics', { fields: [probeField], duration: '1h' })
      ).json()) as Array<{ value: number }>;
      const now = Date.now();
      for (let n = seen + 1; latest && n <= latest.value; n++) latencies.push(now - (sent.get(n) ?? now));
      if (latest) seen = Math.max(seen, latest.value);
      if (!publishing && Date.now() - started > (STEP_SECONDS + 30) * 1000) break;
      await new Promise((done) => setTimeout(done, 20));
    }
  })();

  const tick = 10;
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const elapsed = Date.now() - started;
      if (elapsed >= STEP_SECONDS * 1000) {
        clearInterval(timer);
        done();
        return;
      }
      while (seq < (elapsed / 1000) * rate)
        void publisher.publishAsync(`eventcast/history/${key}`, JSON.stringify(controllerEvent(key, seq++)), {
          qos: 1,
        });
      while (probe < (elapsed / 1000) * PROBES_PER_SECOND) {
        sent.set(probe, Date.now());
        void publisher.publishAsync(
          `eventcast/history/${key}-probe`,
          JSON.stringify({ key: `${key}-probe`, data: { n: probe++ } }),
          { qos: 1 },
        );
      }
    }, tick);
  });
  const seconds = (Date.now() - started) / 1000;
  const stepCpuMs = history.cpuMs - cpuBefore;
  publishing = false;
  await poller;

  // Wait until every event is stored, or nothing more arrives for 5 s.
  let counted = await countBack(history.base, fields.slice(0, 1), since);
  for (let last = -1, stalledSince = Date.now(); counted.seqs.size < seq && Date.now() - stalledSince < 5_000;) {
    if (counted.seqs.size !== last) [last, stalledSince] = [counted.seqs.size, Date.now()];
    await new Promise((done) => setTimeout(done, 250));
    counted = await countBack(history.base, fields.slice(0, 1), since);
  }
  const all = await countBack(history.base, fields, since);
  const expectedValues = seq * fields.length;
  const p99 = percentile(latencies, 99);
  const ok = all.seqs.size === seq && all.values === expectedValues && latencies.length === probe && p99 < p99TargetMs;
  return {
    rate,
    events: seq,
    stored: all.seqs.size,
    values: all.values,
    expectedValues,
    seconds,
    cpuMs: stepCpuMs,
    p50: percentile(latencies, 50),
    p99,
    ok,
  };
}

/** 10 fields with 1M points each and one dense field with 10M, 100 ms apart, ending now; 89 more fields with recent values. */
async function fillThroughAdapter(store: TimeSeriesStore, prefix: string): Promise<QueryData> {
  const endUs = Date.now() * 1000;
  const ten = Array.from({ length: 10 }, (_, index) => `${prefix}/sensor ${index}/value[degC]`);
  const dense = `${prefix}/dense/value[degC]`;
  const extra = Array.from({ length: 89 }, (_, index) => `${prefix}/extra ${index}/value`);
  const write = async (count: number, stepUs: number, valuesAt: (index: number) => Array<[string, number]>) => {
    const startUs = endUs - (count - 1) * stepUs;
    for (let from = 0; from < count; from += 50_000) {
      const events: TimedValues[] = [];
      for (let index = from; index < Math.min(count, from + 50_000); index++)
        events.push({ ts: startUs + index * stepUs, values: new Map(valuesAt(index)) });
      await store.write(events);
    }
  };
  await write(10_000_000, 100_000, (index) => [[dense, 20 + Math.sin(index / 1000)]]);
  await write(1_000_000, 1_000_000, (index) => ten.map((field, f) => [field, f + Math.sin(index / 100)]));
  await write(100, SECOND_US, (index) => extra.map((field, f) => [field, f + index]));
  const rows = 10_000_000 + 10 * 1_000_000 + 89 * 100;
  return {
    dense,
    ten,
    hundred: [dense, ...ten, ...extra],
    startMs: (endUs - 10_000_000 * 100_000) / 1000,
    endMs: endUs / 1000,
    rows,
  };
}

async function timeQuery(base: string, path: string, body: unknown): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let index = 0; index < QUERY_RUNS; index++) {
    const started = performance.now();
    await (await post(base, path, body)).arrayBuffer();
    times.push(performance.now() - started);
  }
  return { p50: Math.round(percentile(times, 50)), p99: Math.round(percentile(times, 99)) };
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const thousands = (value: number) => Math.round(value).toLocaleString('en');

/** One store to bench: how the service is pointed at it, how the query data gets in, and QuestDB's limit where known. */
interface StoreUnderBench {
  name: string;
  env: Record<string, string>;
  fill: (prefix: string) => Promise<QueryData>;
  limit?: IngestLimit;
}

async function benchQueries(name: string, history: History, data: QueryData, report: string[]): Promise<void> {
  // QuestDB applies writes a moment later: wait until the newest point is readable.
  await waitFor(
    'the filled points',
    async () =>
      ((await (await post(history.base, 'metrics', { fields: [data.dense], duration: '1d' })).json()) as unknown[])
        .length === 1,
    300_000,
  );
  const range = { start: data.startMs, end: data.endMs, points: 1000 };
  const queries = [
    ['ranges, 1 field, 10M points -> 1000', 'ranges', { fields: [data.dense], ...range }, TARGETS.rangesOneFieldMs],
    ['ranges, 10 fields, 1M points each -> 1000', 'ranges', { fields: data.ten, ...range }, undefined],
    ['metrics, 100 fields', 'metrics', { fields: data.hundred, duration: '1d' }, TARGETS.metricsMs],
  ] as const;
  for (const [label, path, body, target] of queries) {
    const { p50, p99 } = await timeQuery(history.base, path, body);
    const verdict = target === undefined ? '' : `  target p99 < ${target} ms: ${met(p99 < target)}`;
    report.push(
      `${name.padEnd(14)} ${label.padEnd(42)} p50 ${String(p50).padStart(5)} ms  p99 ${String(p99).padStart(5)} ms${verdict}`,
    );
    console.log(report[report.length - 1]);
  }
}

async function benchIngest(
  target: StoreUnderBench,
  history: History,
  report: string[],
): Promise<StepResult | undefined> {
  const p99Target = target.limit ? QUESTDB_TARGETS.p99Ms : TARGETS.p99Ms;
  const publisher = await connectAsync(MQTT_URL);
  let best: StepResult | undefined;
  try {
    for (const rate of RATES) {
      const step = await ingestStep(history, publisher, rate, p99Target);
      report.push(
        `${target.name.padEnd(14)} ingest ${String(rate).padStart(5)} events/s: ${step.stored}/${step.events} events, ${thousands(step.values)}/${thousands(step.expectedValues)} values ` +
          `(${thousands(step.values / step.seconds)} values/s), publish-to-queryable p50 ${step.p50} ms p99 ${step.p99} ms: ${step.ok ? 'ok' : 'NOT sustained'}`,
      );
      console.log(report[report.length - 1]);
      if (!step.ok) break;
      best = step;
    }
  } finally {
    await publisher.endAsync();
  }
  const sustained = best ? best.values / best.seconds : 0;
  const summary = `${target.name} sustained ${best ? `${best.rate} events/s = ${thousands(sustained)} values/s with none lost, p99 ${best.p99} ms` : 'nothing'}`;
  if (target.limit) {
    const share = sustained / target.limit.valuesPerSecond;
    report.push(
      `target: ${summary} = ${(share * 100).toFixed(0)}% of QuestDB's limit (>= ${QUESTDB_TARGETS.shareOfLimit * 100}%, p99 < ${p99Target} ms): ${met(share >= QUESTDB_TARGETS.shareOfLimit)}`,
    );
  } else {
    report.push(
      `target: ${summary} (>= ${thousands(TARGETS.valuesPerSecond)} values/s, p99 < ${p99Target} ms): ${met(sustained >= TARGETS.valuesPerSecond)}`,
    );
  }
  return best;
}

/**
 * What Prometheus costs the service: the CPU of one scrape of its metrics, timed over
 * `METRICS_SCRAPES` scrapes, as a share of the CPU it spent per second while sustaining `best`, at
 * the Compose Prometheus' one scrape per `PROMETHEUS_INTERVAL_S`. The counting itself happens on
 * the ingest path and is in the figures of every step.
 */
async function benchMetricsCost(name: string, history: History, best: StepResult, report: string[]): Promise<void> {
  const url = history.base.replace(/\/timeseries$/, '/metrics');
  const before = history.cpuMs;
  for (let scrape = 0; scrape < METRICS_SCRAPES; scrape++) await (await fetch(url)).text();
  const perScrapeMs = (history.cpuMs - before) / METRICS_SCRAPES;
  const share = perScrapeMs / PROMETHEUS_INTERVAL_S / (best.cpuMs / best.seconds);
  report.push(
    `${name.padEnd(14)} metrics: a scrape costs the service ${perScrapeMs.toFixed(2)} ms of CPU; one per ${PROMETHEUS_INTERVAL_S} s is ` +
      `${(share * 100).toFixed(3)}% of the ${(best.cpuMs / best.seconds / 10).toFixed(0)}% of a core it spends sustaining ${best.rate} events/s  target < 2%: ${met(share < 0.02)}`,
  );
  console.log(report[report.length - 1]);
}

async function benchStore(target: StoreUnderBench, report: string[]): Promise<void> {
  console.log(`${target.name}: writing the query data...`);
  const started = Date.now();
  const data = await target.fill(`bench-${run}-query`);
  report.push(
    `${target.name.padEnd(14)} query data: ${thousands(data.rows)} points in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(report[report.length - 1]);
  const history = await History.start(target.env);
  try {
    await benchQueries(target.name, history, data, report);
    const best = await benchIngest(target, history, report);
    if (best) await benchMetricsCost(target.name, history, best, report);
    for (const loss of history.losses) report.push(`${target.name} logged: ${loss.trim()}`);
  } finally {
    await history.stop();
  }
}

async function questDbUnderBench(name: string, url: string, report: string[]): Promise<StoreUnderBench> {
  const table = `history_bench_${run}`;
  const http = new QuestDbHttpClient(url);
  cleanups.push(async () => {
    for (const rollup of ROLLUPS) {
      await http.exec(`DROP MATERIALIZED VIEW IF EXISTS ${rollupName(table, rollup)}`).catch(() => undefined);
    }
    await http.exec(`DROP TABLE IF EXISTS ${table}`);
  });
  console.log(`${name}: measuring QuestDB's own ingest limit...`);
  const limit = await measureQuestDbLimit(url, `${table}_limit`, fieldsOf(`bench-${run}-limit`));
  const tries = limit.tries
    .map(({ inFlight, valuesPerSecond }) => `${inFlight} in flight ${thousands(valuesPerSecond)}`)
    .join(', ');
  report.push(
    `${name.padEnd(14)} QuestDB's limit: ${thousands(limit.valuesPerSecond)} values/s (100,000-line text batches; ${tries}); @questdb/nodejs-client ${thousands(limit.clientValuesPerSecond)} values/s`,
  );
  console.log(report[report.length - 1]);
  const store = new QuestDbTimeSeriesStore(url, table);
  await store.open();
  await store.close();
  return {
    name,
    env: { QUESTDB_URL: url, QUESTDB_TABLE: table },
    fill: (prefix) => fillQuestDb(url, table, prefix),
    limit,
  };
}

async function main() {
  execFileSync(process.execPath, [join(WORKSPACE, 'tools/build/build-app.mjs'), 'history'], { stdio: 'inherit' });
  console.log(
    `history bench: broker ${MQTT_URL}, ${STEP_SECONDS} s per ingest step, ${fieldsOf('k').length} values per event (50 blocks)`,
  );
  const report: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'history-bench-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const embedded: StoreUnderBench = {
    name: 'embedded',
    env: { DATA_DIR: dataDir, QUESTDB_URL: '' },
    fill: async (prefix) => {
      const store = new DuckDbTimeSeriesStore(join(dataDir, EMBEDDED_STORE_FILE));
      await store.open();
      const data = await fillThroughAdapter(store, prefix);
      await store.close();
      return data;
    },
  };
  const only = process.env.BENCH_STORES?.split(',');
  if (!only || only.includes('embedded')) await benchStore(embedded, report);
  if (!only || only.includes('questdb')) {
    for (const { name, url } of await questDbServers())
      await benchStore(await questDbUnderBench(name, url, report), report);
  }
  console.log('\nresults (2 shared cores: other work on the machine lowers these figures)');
  for (const line of report) console.log(line);
}

runBench('bench:history', 90 * 60_000, main);
