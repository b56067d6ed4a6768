// npm run bench:datastore — throughput and latency of the datastore's REST API over HTTP, against
// Redis (REDIS_URL, default redis://127.0.0.1:6379) and against the embedded SQLite store, with
// redis-benchmark's plain GET/SET beside them for scale. BENCH_SECONDS sets each run's length.
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { freePort, waitFor } from '@eventcast/testing';

const WORKSPACE = resolve(__dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const NAMESPACE = 'eventcast-bench';
const SEEDED = 1000;
const TARGETS = { get: 10_000, set: 8_000, p99Ms: 20 };

interface Scenario {
  name: string;
  route: string;
  body: (n: number) => unknown;
}

const ids = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `d${(from + i) % SEEDED}`);
const scenarios: Scenario[] = [
  { name: 'get', route: 'get', body: (n) => ({ namespace: NAMESPACE, id: `d${n % SEEDED}` }) },
  { name: 'set', route: 'set', body: (n) => ({ value: { namespace: NAMESPACE, id: `d${n % SEEDED}`, value: n, unit: 'degC' } }) },
  { name: 'mget 100 ids', route: 'mget', body: (n) => ({ namespace: NAMESPACE, ids: ids(100, n) }) },
  { name: 'mset 100 docs', route: 'mset', body: (n) => ({ values: ids(100, n).map((id) => ({ namespace: NAMESPACE, id, value: n })) }) },
];

async function startDatastore(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(WORKSPACE, 'dist/apps/datastore/main.js')], {
    env: { ...process.env, PORT: String(port), MQTT_URL: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883', ...env },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}/history/datastore`;
  await waitFor('the datastore', async () => (await fetch(`${base}/ping`)).ok, 30_000);
  return { child, base };
}

async function measure(base: string, scenario: Scenario, connections: number) {
  let counter = 0;
  const result = await autocannon({
    url: `${base}/${scenario.route}`,
    connections,
    duration: SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(scenario.body(counter++)) }) }],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

function redisBenchmark(): string {
  try {
    const { hostname, port } = new URL(REDIS_URL);
    const out = execFileSync('redis-benchmark', ['-h', hostname, '-p', port || '6379', '-t', 'get,set', '-n', '200000', '-c', '32', '-q'], { encoding: 'utf8' });
    return out.replace(/\r/g, '\n').split('\n').filter((line) => /requests per second/.test(line)).map((line) => line.trim()).join('; ');
  } catch (error) {
    return `redis-benchmark not run: ${(error as Error).message.split('\n')[0]}`;
  }
}

async function main() {
  execFileSync(process.execPath, [join(WORKSPACE, 'tools/build/build-app.mjs'), 'datastore'], { stdio: 'inherit' });
  console.log(`datastore bench: ${SECONDS} s per run, ${SEEDED} documents seeded in namespace ${NAMESPACE}`);
  const stores = [
    { name: 'redis', env: { REDIS_URL } },
    { name: 'embedded', env: { REDIS_URL: '', DATA_DIR: mkdtempSync(join(tmpdir(), 'datastore-bench-')) } },
  ];
  const rows: string[] = [];
  const verdicts: string[] = [];
  for (const store of stores) {
    const { child, base } = await startDatastore(store.env);
    try {
      await fetch(`${base}/mset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ values: ids(SEEDED).map((id) => ({ namespace: NAMESPACE, id, value: 0 })) }),
      });
      for (const scenario of scenarios) {
        for (const connections of [1, 32]) {
          const { rps, p50, p99, failed } = await measure(base, scenario, connections);
          rows.push(`${store.name.padEnd(9)} ${scenario.name.padEnd(14)} ${String(connections).padStart(3)}  ${Math.round(rps).toLocaleString('en').padStart(8)} req/s  p50 ${String(p50).padStart(3)} ms  p99 ${String(p99).padStart(3)} ms${failed ? `  (${failed} failed)` : ''}`);
          const target = store.name === 'redis' && connections === 32 && (scenario.name === 'get' || scenario.name === 'set') ? TARGETS[scenario.name] : undefined;
          if (target) verdicts.push(`${scenario.name} at 32 clients against Redis: ${Math.round(rps)} req/s (target ${target}), p99 ${p99} ms (target < ${TARGETS.p99Ms}): ${rps >= target && p99 < TARGETS.p99Ms ? 'met' : 'NOT met'}`);
        }
      }
      await fetch(`${base}/mdelete`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ namespace: NAMESPACE, filter: '*' }) });
    } finally {
      child.kill('SIGTERM');
    }
  }
  console.log('store     call           clients  throughput      latency');
  for (const row of rows) console.log(row);
  console.log(`redis-benchmark (plain GET/SET, 32 clients): ${redisBenchmark()}`);
  for (const verdict of verdicts) console.log(`target: ${verdict}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
