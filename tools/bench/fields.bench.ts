// `npm run bench:fields`: the history service's `fields` route as a field picker calls it, on the
// embedded store filled with 1,000 and with 50,000 field names. Each size: the names are written
// into a fresh DuckDB file, the built service starts on it (loading its field catalogue from the
// store), and each query runs QUERY_RUNS times through HTTP after one warm-up. The service has a
// Mosquitto of its own, so no other events reach it and no session stays behind. Figures in
// docs/history.md ("Performance", `fields`).
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrivateBroker } from '@eventcast/testing';
import { DuckDbTimeSeriesStore, EMBEDDED_STORE_FILE, TimedValues } from '@eventcast/time-series-store';
import { cleanups, runBench, startBuiltApp } from './bench-run';
import { percentile } from './percentile';

const SIZES = [1_000, 50_000];
const QUERY_RUNS = Number(process.env.BENCH_RUNS ?? 200);
/** Names per written event, as a large controller would publish them. */
const NAMES_PER_EVENT = 1_000;
/** Field names spread over this many controllers, so a prefix holds 1% of them. */
const CONTROLLERS = 100;

const fieldName = (index: number) => `controller-${index % CONTROLLERS}/Block ${index}/value[degC]`;

/** Writes `count` field names, one value each, into a new embedded store in `dataDir`; the time its catalogue load takes. */
async function fill(dataDir: string, count: number): Promise<number> {
  const store = new DuckDbTimeSeriesStore(join(dataDir, EMBEDDED_STORE_FILE));
  await store.open();
  const nowUs = Date.now() * 1000;
  const events: TimedValues[] = [];
  for (let first = 0; first < count; first += NAMES_PER_EVENT) {
    const values = new Map<string, number>();
    for (let index = first; index < Math.min(count, first + NAMES_PER_EVENT); index++) values.set(fieldName(index), 1);
    events.push({ ts: nowUs - events.length, values });
  }
  await store.write(events);
  const started = performance.now();
  const loaded = await store.fieldTimes();
  const loadMs = performance.now() - started;
  if (loaded.length !== count) throw new Error(`wrote ${count} names but the store lists ${loaded.length}`);
  await store.close();
  return loadMs;
}

/** p50 and p99 in ms of `body` on `fields`, and the names of the last answer. */
async function timeFields(url: string, body: object): Promise<{ p50: number; p99: number; names: number }> {
  const call = async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fields answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as string[];
  };
  await call();
  const times: number[] = [];
  let names = 0;
  for (let run = 0; run < QUERY_RUNS; run++) {
    const started = performance.now();
    names = (await call()).length;
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), names };
}

const QUERIES: Array<[label: string, body: object]> = [
  ['prefix controller-7/, limit 100', { prefix: 'controller-7/', limit: 100 }],
  ['prefix controller-7/Block 1, limit 100', { prefix: 'controller-7/Block 1', limit: 100 }],
  ['search "block 4217", limit 100', { search: 'block 4217', limit: 100 }],
  ['every name (no filter)', {}],
];

async function main(): Promise<void> {
  const broker = await PrivateBroker.start();
  cleanups.push(() => broker.stop());
  console.log(`fields bench: ${QUERY_RUNS} runs of each query after one warm-up, embedded store`);
  for (const size of SIZES) {
    const dataDir = mkdtempSync(join(tmpdir(), 'eventcast-fields-bench-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const loadMs = await fill(dataDir, size);
    const history = await startBuiltApp(
      'history',
      { DATA_DIR: dataDir, MQTT_URL: broker.url },
      '/history/timeseries/ping',
    );
    const url = `http://127.0.0.1:${history.port}/history/timeseries/fields`;
    console.log(
      `\n${size.toLocaleString('en')} fields (the store lists them with their latest time in ${loadMs.toFixed(0)} ms)`,
    );
    for (const [label, body] of QUERIES) {
      const { p50, p99, names } = await timeFields(url, body);
      console.log(
        `  ${label.padEnd(40)} ${String(names).padStart(6)} names  p50 ${p50.toFixed(2).padStart(7)} ms  p99 ${p99.toFixed(2).padStart(7)} ms`,
      );
    }
    await history.stop();
  }
}

runBench('the fields bench', 10 * 60_000, main);
