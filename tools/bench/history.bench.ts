// npm run bench:history — the history service as a user runs it (the built app, a process of its
// own) against the real broker: (1) ingest of realistic controller events at increasing rates,
// every value counted back through the query API, with publish-to-queryable latency; (2) the
// latency of `ranges` and `metrics` over 10 million stored points. On the embedded DuckDB store,
// and on QuestDB too when QUESTDB_URL is set. BENCH_SECONDS sets each ingest step's length.
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectAsync, MqttClient } from 'mqtt';
import { freePort, waitFor } from '@eventcast/testing';
import { DuckDbTimeSeriesStore } from '../../apps/history/src/infra/duckdb/duckdb-time-series-store';
import { QuestDbTimeSeriesStore } from '../../apps/history/src/infra/questdb/questdb-time-series-store';
import { EMBEDDED_STORE_FILE } from '../../apps/history/src/infra/time-series-store.module';
import { TimedValues, TimeSeriesStore } from '../../apps/history/src/infra/time-series-store.port';

const WORKSPACE = resolve(__dirname, '../..');
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const QUESTDB_URL = process.env.QUESTDB_URL;
const STEP_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATES = [100, 200, 300, 400, 600, 800, 1000, 1400, 2000, 2800]; // events per second
const PROBES_PER_SECOND = 20;
const TARGETS = { valuesPerSecond: 100_000, p99Ms: 2_000, rangesOneFieldMs: 200 };
const QUERY_RUNS = 15;
const CSV_FIELDS_PER_REQUEST = 200;
const SECOND_US = 1_000_000;

const run = randomBytes(3).toString('hex');
const post = async (base: string, path: string, body: unknown) => {
  const response = await fetch(`${base}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
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
    for (let extra = 0; extra < block % 6; extra++) fields[`extra${extra}`] = extra % 2 ? String(extra + seq) : extra * 1.5;
    data[`Block ${block}`] = fields;
  }
  return { key, data };
}

function fieldsOf(key: string): string[] {
  const event = controllerEvent(key, 0).data as Record<string, Record<string, unknown>>;
  return [`${key}/seq`, ...Object.entries(event).flatMap(([block, fields]) => (typeof fields === 'object' ? Object.keys(fields).map((field) => `${key}/${block}/${field}`) : []))];
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
    const child = spawn(process.execPath, [join(WORKSPACE, 'dist/apps/history/main.js')], {
      env: { ...process.env, NO_COLOR: '1', PORT: String(port), MQTT_URL, MQTT_CLIENT_ID: `eventcast-history-bench-${run}`, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const history = new History(child, `http://127.0.0.1:${port}/history/timeseries`);
    await waitFor('the history service', () => history.output.join('').includes('connected to'), 60_000);
    return history;
  }

  /** Log lines that say values were dropped. */
  get losses(): string[] {
    return this.output.join('').split('\n').filter((line) => /buffer full|are lost|dropping it/.test(line));
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
async function countBack(base: string, fields: string[], since: number): Promise<{ values: number; seqs: Set<number> }> {
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
  p50: number;
  p99: number;
  ok: boolean;
}

async function ingestStep(history: History, publisher: MqttClient, rate: number): Promise<StepResult> {
  const key = `bench-${run}-${rate}`;
  const fields = fieldsOf(key);
  const probeField = `${key}-probe/n`;
  const sent = new Map<number, number>();
  const latencies: number[] = [];
  const since = Date.now() - 1000;
  const started = Date.now();
  let seq = 0;
  let probe = 0;
  let publishing = true;

  const poller = (async () => {
    let seen = -1;
    while (publishing || seen < probe - 1) {
      const [latest] = (await (await post(history.base, 'metrics', { fields: [probeField], duration: '1h' })).json()) as Array<{ value: number }>;
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
      while (seq < (elapsed / 1000) * rate) void publisher.publishAsync(`eventcast/history/${key}`, JSON.stringify(controllerEvent(key, seq++)), { qos: 1 });
      while (probe < (elapsed / 1000) * PROBES_PER_SECOND) {
        sent.set(probe, Date.now());
        void publisher.publishAsync(`eventcast/history/${key}-probe`, JSON.stringify({ key: `${key}-probe`, data: { n: probe++ } }), { qos: 1 });
      }
    }, tick);
  });
  const seconds = (Date.now() - started) / 1000;
  publishing = false;
  await poller;

  // Wait until every event is stored, or nothing more arrives for 5 s.
  let counted = await countBack(history.base, fields.slice(0, 1), since);
  for (let last = -1, stalledSince = Date.now(); counted.seqs.size < seq && Date.now() - stalledSince < 5_000; ) {
    if (counted.seqs.size !== last) [last, stalledSince] = [counted.seqs.size, Date.now()];
    await new Promise((done) => setTimeout(done, 250));
    counted = await countBack(history.base, fields.slice(0, 1), since);
  }
  const all = await countBack(history.base, fields, since);
  const expectedValues = seq * fields.length;
  const p99 = percentile(latencies, 99);
  const ok = all.seqs.size === seq && all.values === expectedValues && latencies.length === probe && p99 < TARGETS.p99Ms;
  return { rate, events: seq, stored: all.seqs.size, values: all.values, expectedValues, seconds, p50: percentile(latencies, 50), p99, ok };
}

/** 10 fields with 1M points each and one dense field with 10M, 100 ms apart, ending now; 89 more fields with recent values. */
async function fill(store: TimeSeriesStore, prefix: string): Promise<{ dense: string; ten: string[]; hundred: string[]; startMs: number; endMs: number; rowsPerSecond: number }> {
  const endUs = Date.now() * 1000;
  const ten = Array.from({ length: 10 }, (_, index) => `${prefix}/sensor ${index}/value[degC]`);
  const dense = `${prefix}/dense/value[degC]`;
  const extra = Array.from({ length: 89 }, (_, index) => `${prefix}/extra ${index}/value`);
  const started = Date.now();
  const write = async (count: number, stepUs: number, valuesAt: (index: number) => Array<[string, number]>) => {
    const startUs = endUs - (count - 1) * stepUs;
    for (let from = 0; from < count; from += 50_000) {
      const events: TimedValues[] = [];
      for (let index = from; index < Math.min(count, from + 50_000); index++) events.push({ ts: startUs + index * stepUs, values: new Map(valuesAt(index)) });
      await store.write(events);
    }
  };
  await write(10_000_000, 100_000, (index) => [[dense, 20 + Math.sin(index / 1000)]]);
  await write(1_000_000, 1_000_000, (index) => ten.map((field, f) => [field, f + Math.sin(index / 100)]));
  await write(100, SECOND_US, (index) => extra.map((field, f) => [field, f + index]));
  const rows = 10_000_000 + 10 * 1_000_000 + 89 * 100;
  return { dense, ten, hundred: [dense, ...ten, ...extra], startMs: (endUs - 10_000_000 * 100_000) / 1000, endMs: endUs / 1000, rowsPerSecond: rows / ((Date.now() - started) / 1000) };
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

async function benchStore(name: string, env: Record<string, string>, open: () => Promise<TimeSeriesStore>, report: string[]) {
  const prefix = `bench-${run}-query`;
  console.log(`${name}: writing 20 million points through the store adapter...`);
  const store = await open();
  const data = await fill(store, prefix);
  await store.close();
  console.log(`${name}: bulk write ${Math.round(data.rowsPerSecond).toLocaleString('en')} values/s`);

  const history = await History.start(env);
  const publisher = await connectAsync(MQTT_URL);
  try {
    // QuestDB applies writes a moment later: wait until the newest point is readable.
    await waitFor('the filled points', async () => ((await (await post(history.base, 'metrics', { fields: [data.dense], duration: '1d' })).json()) as unknown[]).length === 1, 120_000);
    const range = { start: data.startMs, end: data.endMs, points: 1000 };
    const queries = [
      ['ranges, 1 field, 10M points -> 1000', 'ranges', { fields: [data.dense], ...range }],
      ['ranges, 10 fields, 1M points each -> 1000', 'ranges', { fields: data.ten, ...range }],
      ['metrics, 100 fields', 'metrics', { fields: data.hundred, duration: '1d' }],
    ] as const;
    for (const [label, path, body] of queries) {
      const { p50, p99 } = await timeQuery(history.base, path, body);
      report.push(`${name.padEnd(9)} ${label.padEnd(44)} p50 ${String(p50).padStart(5)} ms  p99 ${String(p99).padStart(5)} ms`);
      if (label.startsWith('ranges, 1 field')) report.push(`target: ${name} ranges for one field under ${TARGETS.rangesOneFieldMs} ms: ${p50 < TARGETS.rangesOneFieldMs ? 'met' : 'NOT met'} (p50 ${p50} ms)`);
    }

    let best: StepResult | undefined;
    for (const rate of RATES) {
      const step = await ingestStep(history, publisher, rate);
      const valuesPerSecond = Math.round(step.values / step.seconds);
      report.push(
        `${name.padEnd(9)} ingest ${String(rate).padStart(5)} events/s: ${step.stored}/${step.events} events, ${step.values.toLocaleString('en')}/${step.expectedValues.toLocaleString('en')} values ` +
          `(${valuesPerSecond.toLocaleString('en')} values/s), publish-to-queryable p50 ${step.p50} ms p99 ${step.p99} ms: ${step.ok ? 'ok' : 'NOT sustained'}`,
      );
      console.log(report[report.length - 1]);
      if (!step.ok) break;
      best = step;
    }
    const bestValues = best ? Math.round(best.values / best.seconds) : 0;
    report.push(
      `target: ${name} sustained ${best ? `${best.rate} events/s = ${bestValues.toLocaleString('en')} values/s with none lost, p99 ${best.p99} ms` : 'nothing'} ` +
        `(targets ${TARGETS.valuesPerSecond.toLocaleString('en')} values/s, p99 < ${TARGETS.p99Ms} ms): ${bestValues >= TARGETS.valuesPerSecond ? 'met' : 'NOT met'}`,
    );
    for (const loss of history.losses) report.push(`${name} logged: ${loss.trim()}`);
  } finally {
    await publisher.endAsync();
    await history.stop();
  }
}

async function main() {
  execFileSync(process.execPath, [join(WORKSPACE, 'tools/build/build-app.mjs'), 'history'], { stdio: 'inherit' });
  console.log(`history bench: broker ${MQTT_URL}, ${STEP_SECONDS} s per ingest step, ${fieldsOf('k').length} values per event (50 blocks)`);
  const report: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'history-bench-'));
  await benchStore('embedded', { DATA_DIR: dataDir, QUESTDB_URL: '' }, async () => {
    const store = new DuckDbTimeSeriesStore(join(dataDir, EMBEDDED_STORE_FILE));
    await store.open();
    return store;
  }, report);
  if (QUESTDB_URL) {
    await benchStore('questdb', { QUESTDB_URL, DATA_DIR: dataDir }, async () => {
      const store = new QuestDbTimeSeriesStore(QUESTDB_URL, 'auto');
      await store.open();
      return store;
    }, report);
  } else {
    report.push('questdb: not run (QUESTDB_URL is not set)');
  }
  console.log('\nresults (2 shared cores: other work on the machine lowers these figures)');
  for (const line of report) console.log(line);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
