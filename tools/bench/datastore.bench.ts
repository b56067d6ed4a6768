// npm run bench:datastore — throughput and p50/p99 latency of the datastore's REST API over HTTP
// (get, set, mget of 100 ids, mset of 100 documents; 1 and 32 concurrent keep-alive clients),
// against Redis and against the embedded SQLite store, with redis-benchmark's plain GET/SET on the
// same Redis beside them for scale, and wrk's load on the datastore's get and set against webdis's
// GET and SET on that Redis (datastore/versus-webdis.ts). The service runs as users run it: the built app, a process of
// its own. It starts what it needs (its own Mosquitto, so the shared broker is not flooded with
// events, and its own Redis unless REDIS_URL is set; redis-benchmark then writes its key
// `key:__rand_int__` there) and stops all of it at the end.
// BENCH_SECONDS sets each run's length (default 5, after a 1 s warm-up).
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ServerProcess } from '@eventcast/testing';
import { cleanups, runBench, startBuiltApp } from './bench-run';
import { versusWebdis } from './datastore/versus-webdis';
import { LoadResult, post, runLoad } from './http-load';

const WORKSPACE = resolve(__dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_MS = 1000;
const CLIENTS = [1, 32];
/** The whole run stops, and stops what it started, if it takes longer than this. */
const DEADLINE_MS = 15 * 60_000;
const NAMESPACE = 'bench:documents';
const SEEDED = 1000;
const TARGETS = { get: 10_000, set: 8_000, p99Ms: 20 };

interface Scenario {
  name: string;
  route: string;
  /** The body of the n-th request, as JSON text. */
  body: (n: number) => string;
}

const ids = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `d${(from + i) % SEEDED}`);
const documentOf = (id: string, n: number) => ({
  namespace: NAMESPACE,
  id,
  temperature: 20 + (n % 100) / 10,
  unit: 'degC',
  n,
});

const SCENARIOS: Scenario[] = [
  { name: 'get', route: 'get', body: (n) => JSON.stringify({ namespace: NAMESPACE, id: `d${n % SEEDED}` }) },
  { name: 'set', route: 'set', body: (n) => JSON.stringify({ value: documentOf(`d${n % SEEDED}`, n) }) },
  { name: 'mget 100 ids', route: 'mget', body: (n) => JSON.stringify({ namespace: NAMESPACE, ids: ids(100, n * 7) }) },
  {
    name: 'mset 100 docs',
    route: 'mset',
    body: (n) => JSON.stringify({ values: ids(100, n * 7).map((id) => documentOf(id, n)) }),
  },
];

/** `clients` keep-alive clients sending the scenario's requests to the datastore. */
function measure(port: number, scenario: Scenario, clients: number): Promise<LoadResult> {
  return runLoad({
    port,
    path: `/history/datastore/${scenario.route}`,
    body: scenario.body,
    clients,
    warmUpMs: WARM_UP_MS,
    seconds: SECONDS,
  });
}

async function startDatastore(env: Record<string, string>): Promise<number> {
  return (await startBuiltApp('datastore', env, '/history/datastore/ping')).port;
}

async function startServer(server: ServerProcess): Promise<string> {
  await server.start();
  cleanups.push(() => server.stop());
  return `127.0.0.1:${server.port}`;
}

function redisBenchmark(redisUrl: string): string {
  const { hostname, port } = new URL(redisUrl);
  try {
    const out = execFileSync(
      'redis-benchmark',
      ['-h', hostname, '-p', port || '6379', '-t', 'get,set', '-n', '200000', '-c', '32', '-q'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    return out
      .replace(/\r/g, '\n')
      .split('\n')
      .filter((line) => /requests per second/.test(line))
      .map((line) => line.trim())
      .join('; ');
  } catch (error) {
    return `not run (${(error as Error).message.split('\n')[0]})`;
  }
}

function row(store: string, scenario: string, clients: number, result: LoadResult): string {
  const rate = Math.round(result.requestsPerSecond).toLocaleString('en');
  const failed = result.failed ? ` (${result.failed} failed)` : '';
  return `| ${store} | ${scenario} | ${clients} | ${rate} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} |${failed}`;
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [join(WORKSPACE, 'tools/build/build-app.mjs'), 'datastore'], { stdio: 'inherit' });
  const mqttUrl = `mqtt://${await startServer(await ServerProcess.mosquitto())}`;
  const redisUrl = process.env.REDIS_URL || `redis://${await startServer(await ServerProcess.redis())}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'datastore-bench-'));
  cleanups.unshift(async () => rmSync(dataDir, { recursive: true, force: true }));
  console.log(
    `datastore bench: ${SECONDS} s per run after ${WARM_UP_MS} ms of warm-up, ${SEEDED} documents in namespace ${NAMESPACE}; Redis ${redisUrl}, broker ${mqttUrl}`,
  );

  const rows = ['| store | call | clients | requests/s | p50 ms | p99 ms |', '| --- | --- | --- | --- | --- | --- |'];
  const verdicts: string[] = [];
  let webdisLines: string[] = [];
  const stores: Array<{ name: string; env: Record<string, string> }> = [
    { name: 'Redis', env: { REDIS_URL: redisUrl } },
    { name: 'embedded', env: { REDIS_URL: '', DATA_DIR: dataDir } },
  ];
  for (const store of stores) {
    const startedBefore = cleanups.length;
    const port = await startDatastore({ MQTT_URL: mqttUrl, ...store.env });
    const agent = new Agent({ keepAlive: false });
    const seed = JSON.stringify({ values: ids(SEEDED).map((id) => documentOf(id, 0)) });
    if ((await post(agent, port, '/history/datastore/mset', seed)) !== 200)
      throw new Error(`could not seed the ${store.name} store`);
    for (const scenario of SCENARIOS) {
      for (const clients of CLIENTS) {
        const result = await measure(port, scenario, clients);
        rows.push(row(store.name, scenario.name, clients, result));
        console.log(rows[rows.length - 1]);
        const target = store.name === 'Redis' && clients === 32 ? TARGETS[scenario.name as 'get' | 'set'] : undefined;
        if (target) {
          const met = result.requestsPerSecond >= target && result.p99 < TARGETS.p99Ms && result.failed === 0;
          verdicts.push(
            `${scenario.name} against Redis at 32 clients: ${Math.round(result.requestsPerSecond)} requests/s (target ${target}), p99 ${result.p99.toFixed(1)} ms (target < ${TARGETS.p99Ms}): ${met ? 'met' : 'NOT met'}`,
          );
        }
      }
    }
    if (store.name === 'Redis') webdisLines = await versusWebdis(port, redisUrl, NAMESPACE, SECONDS);
    await post(agent, port, '/history/datastore/mdelete', JSON.stringify({ namespace: NAMESPACE, filter: '*' }));
    // The datastore, and webdis and the bare Node server beside it, stop before the next store's run.
    for (const stop of cleanups.splice(startedBefore).reverse()) await stop();
  }
  console.log(`\n${rows.join('\n')}\n`);
  console.log(`redis-benchmark, plain GET/SET at 32 clients on the same Redis: ${redisBenchmark(redisUrl)}`);
  for (const verdict of verdicts) console.log(`target: ${verdict}`);
  console.log(`\n${webdisLines.join('\n')}`);
}

runBench('bench:datastore', DEADLINE_MS, main);
