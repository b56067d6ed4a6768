// npm run bench:footprint — how much memory each service holds when idle, and how long it takes
// to answer: each built service as `node dist/apps/<app>/main.js` (embedded stores in a temporary
// DATA_DIR, a Mosquitto of the bench's own so no other traffic reaches it), then the whole
// `npm start` stack as npm start runs it (embedded broker, the three services with npm start's V8
// options, and the proxy that serves the web app), and that stack with --one-process. It prints each
// one's start to first answer (a service's twice: started anew, and restarted on the same DATA_DIR)
// and its RSS 5 s later, and fails when an RSS passes its budget (footprint/footprint-budget.ts); times
// are printed, never judged. A NODE_OPTIONS of the shell reaches every service, e.g.
// `NODE_OPTIONS=--max-semi-space-size=4` to measure them as Docker and systemd run them.
// `npm run bench:footprint` builds the apps first (Nx reuses a current build).
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ServerProcess } from '@eventcast/testing';
import { cleanups, runBench, startBuiltApp, stopAll } from './bench-run';
import { IDLE_RSS_BUDGET_MIB, IDLE_RSS_TARGET_MIB } from './footprint/footprint-budget';
import { startNpmStartStack } from './footprint/npm-start-stack';
import { childPids, rssMiB } from './footprint/process-rss';

const WORKSPACE = resolve(__dirname, '../..');
const IDLE_MS = 5000;
const DEADLINE_MS = 10 * 60_000;

type Measured = keyof typeof IDLE_RSS_BUDGET_MIB;

interface Footprint {
  name: Measured;
  firstAnswerMs: number;
  /** The first answer of a second start on the same DATA_DIR, for a service. */
  restartAnswerMs?: number;
  rssMiB: number;
}

/**
 * Starts a built service, reads its RSS after `IDLE_MS` of nothing to do, stops it and starts it
 * again on the same DATA_DIR: the second start is a restart's, with what the first left there (the
 * code cache of a bundled app).
 */
async function measureService(
  name: Exclude<Measured, 'stack' | 'stackOneProcess'>,
  env: Record<string, string>,
  pingPath: string,
): Promise<Footprint & { port: number }> {
  let started = performance.now();
  const first = await startBuiltApp(name, env, pingPath);
  const firstAnswerMs = performance.now() - started;
  await sleep(IDLE_MS);
  const idleRss = rssMiB(Number(first.child.pid));
  await first.stop();
  started = performance.now();
  const again = await startBuiltApp(name, env, pingPath);
  const restartAnswerMs = performance.now() - started;
  return { name, firstAnswerMs, restartAnswerMs, rssMiB: idleRss, port: again.port };
}

/** `npm start`'s own process (the embedded broker and the proxy) and its services, idle; then stopped. */
async function measureStack(name: 'stack' | 'stackOneProcess', options: string[]): Promise<Footprint> {
  const dataDir = mkdtempSync(join(tmpdir(), 'footprint-bench-stack-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const stack = await startNpmStartStack(WORKSPACE, dataDir, options);
  await sleep(IDLE_MS);
  const own = rssMiB(stack.pid);
  const services = childPids(stack.pid).reduce((sum, pid) => sum + rssMiB(pid), 0);
  console.log(
    `npm start${options.map((option) => ` ${option}`).join('')}: its own process (embedded broker and proxy) ${own.toFixed(0)} MiB, ` +
      `its services ${services.toFixed(0)} MiB`,
  );
  await stopAll();
  return { name, firstAnswerMs: stack.firstAnswerMs, rssMiB: own + services };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function report(footprints: Footprint[]): string[] {
  const rows = [
    '| | start to first answer | restarted | idle RSS | budget (enforced) | target |',
    '| --- | --- | --- | --- | --- | --- |',
    ...footprints.map(
      ({ name, firstAnswerMs, restartAnswerMs, rssMiB }) =>
        `| ${name === 'stackOneProcess' ? 'stack, one process' : name} | ${seconds(firstAnswerMs)} | ` +
        `${restartAnswerMs === undefined ? '' : seconds(restartAnswerMs)} | ${rssMiB.toFixed(0)} MiB | ` +
        `${IDLE_RSS_BUDGET_MIB[name]} MiB | ${IDLE_RSS_TARGET_MIB[name]} MiB |`,
    ),
  ];
  return rows;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'footprint-bench-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const broker = await (await ServerProcess.mosquitto()).start();
  cleanups.push(() => broker.stop());
  // Empty counts as unset: the embedded stores, whatever this shell has configured.
  const shared = { MQTT_URL: broker.url, REDIS_URL: '', QUESTDB_URL: '' };

  const datastore = await measureService(
    'datastore',
    { ...shared, DATA_DIR: join(dataDir, 'datastore') },
    '/history/datastore/ping',
  );
  const history = await measureService(
    'history',
    { ...shared, DATA_DIR: join(dataDir, 'history') },
    '/history/timeseries/ping',
  );
  const controller = await measureService(
    'controller',
    {
      ...shared,
      DATA_DIR: join(dataDir, 'controller'),
      SERVICE_ID: 'footprint',
      DATASTORE_URL: `http://127.0.0.1:${datastore.port}`,
    },
    '/footprint/ping',
  );
  // The services and the broker stop before the stack starts, so they take none of its cores.
  await stopAll();
  const stack = await measureStack('stack', []);
  const stackOneProcess = await measureStack('stackOneProcess', ['--one-process']);

  const footprints = [datastore, history, controller, stack, stackOneProcess];
  console.log(report(footprints).join('\n'));
  const over = footprints.filter(({ name, rssMiB }) => rssMiB > IDLE_RSS_BUDGET_MIB[name]);
  for (const { name, rssMiB } of over) {
    console.error(`${name}: idle RSS ${rssMiB.toFixed(0)} MiB is over its budget of ${IDLE_RSS_BUDGET_MIB[name]} MiB`);
  }
  if (over.length > 0) process.exitCode = 1;
}

runBench('bench:footprint', DEADLINE_MS, main);
