// npm run bench:footprint — how much memory each service holds when idle, and how long it takes
// to answer: each built service as `node dist/apps/<app>/main.js` (embedded stores in a temporary
// DATA_DIR, a Mosquitto of the bench's own so no other traffic reaches it), each beside its floor
// (footprint/nest-floor: an empty Nest application with the same packages and store engine, built
// and started the same way), then the whole
// `npm start` stack as npm start runs it (embedded broker, the three services with npm start's V8
// options, and the proxy that serves the web app), and that stack with --one-process. It prints each
// one's start to first answer (a service's twice: started anew, and restarted on the same DATA_DIR)
// and its RSS 5 s later, and fails when an RSS passes its budget (footprint/footprint-budget.ts: a
// service's as a ratio to its floor's RSS); times
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
import {
  IDLE_RSS_BUDGET_MIB,
  IDLE_RSS_BUDGET_OVER_FLOOR,
  IDLE_RSS_TARGET_ABOVE_FLOOR_MIB,
  IDLE_RSS_TARGET_MIB,
} from './footprint/footprint-budget';
import { startNpmStartStack } from './footprint/npm-start-stack';
import { childPids, rssMiB } from './footprint/process-rss';

const WORKSPACE = resolve(__dirname, '../..');
const IDLE_MS = 5000;
const DEADLINE_MS = 10 * 60_000;
const FLOOR = 'tools/bench/footprint/nest-floor';

type Stack = keyof typeof IDLE_RSS_BUDGET_MIB;
type Service = 'datastore' | 'history' | 'controller';

interface Footprint {
  name: Stack | Service | 'floor';
  firstAnswerMs: number;
  /** The first answer of a second start on the same DATA_DIR, for a service. */
  restartAnswerMs?: number;
  rssMiB: number;
  /** A service's floor, measured just before it. */
  floor?: Footprint;
}

/**
 * Starts a built service, reads its RSS after `IDLE_MS` of nothing to do, stops it and starts it
 * again on the same DATA_DIR: the second start is a restart's, with what the first left there (the
 * code cache of a bundled app).
 */
async function measureApp(
  name: Service | 'floor',
  env: Record<string, string>,
  pingPath: string,
): Promise<Footprint & { port: number; stop: () => Promise<void> }> {
  let started = performance.now();
  const first = await startBuiltApp(name === 'floor' ? FLOOR : name, env, pingPath);
  const firstAnswerMs = performance.now() - started;
  await sleep(IDLE_MS);
  const idleRss = rssMiB(Number(first.child.pid));
  await first.stop();
  started = performance.now();
  const again = await startBuiltApp(name === 'floor' ? FLOOR : name, env, pingPath);
  const restartAnswerMs = performance.now() - started;
  return { name, firstAnswerMs, restartAnswerMs, rssMiB: idleRss, port: again.port, stop: again.stop };
}

/**
 * A service and, just before it, its floor with the same store engine (`FLOOR_STORE`), each in a
 * DATA_DIR of its own; the floor is stopped before the service starts.
 */
async function measureService(
  name: Service,
  floorStore: 'sqlite' | 'duckdb' | '',
  env: Record<string, string>,
  pingPath: string,
): Promise<Footprint & { port: number }> {
  const floorEnv = { MQTT_URL: env.MQTT_URL, DATA_DIR: `${env.DATA_DIR}-floor`, FLOOR_STORE: floorStore };
  const floor = await measureApp('floor', floorEnv, '/floor/ping');
  await floor.stop();
  return { ...(await measureApp(name, env, pingPath)), floor };
}

/**
 * `npm start`'s own process (the embedded broker and the proxy; with --one-process the services
 * too) and the services it runs as child processes, idle; then stopped.
 */
async function measureStack(name: Stack, options: string[]): Promise<Footprint> {
  const dataDir = mkdtempSync(join(tmpdir(), 'footprint-bench-stack-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const stack = await startNpmStartStack(WORKSPACE, dataDir, options);
  await sleep(IDLE_MS);
  const own = rssMiB(stack.pid);
  const children = childPids(stack.pid);
  const services = children.reduce((sum, pid) => sum + rssMiB(pid), 0);
  console.log(
    `npm start${options.map((option) => ` ${option}`).join('')}: its own process ${own.toFixed(0)} MiB, ` +
      `${children.length} child processes ${services.toFixed(0)} MiB`,
  );
  await stopAll();
  return { name, firstAnswerMs: stack.firstAnswerMs, rssMiB: own + services };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const mib = (value: number) => `${value.toFixed(0)} MiB`;

/** The enforced budget of a service (a ratio to its floor) or of a stack, in MiB. */
function budgetMiB({ name, floor }: Footprint): number {
  return floor ? floor.rssMiB * IDLE_RSS_BUDGET_OVER_FLOOR : IDLE_RSS_BUDGET_MIB[name as Stack];
}

function budgetWords(footprint: Footprint): string {
  const { floor } = footprint;
  if (!floor) return `${mib(budgetMiB(footprint))} | ${mib(IDLE_RSS_TARGET_MIB[footprint.name as Stack])}`;
  const above = footprint.rssMiB - floor.rssMiB;
  return (
    `${IDLE_RSS_BUDGET_OVER_FLOOR} × floor = ${mib(budgetMiB(footprint))} (${(footprint.rssMiB / floor.rssMiB).toFixed(2)}) | ` +
    `floor + ${IDLE_RSS_TARGET_ABOVE_FLOOR_MIB} MiB (${above >= 0 ? '+' : ''}${above.toFixed(0)}: ` +
    `${above <= IDLE_RSS_TARGET_ABOVE_FLOOR_MIB ? 'met' : 'NOT met'})`
  );
}

function report(footprints: Footprint[]): string[] {
  const row = (label: string, { firstAnswerMs, restartAnswerMs, rssMiB }: Footprint, budget: string) =>
    `| ${label} | ${seconds(firstAnswerMs)} | ${restartAnswerMs === undefined ? '' : seconds(restartAnswerMs)} | ` +
    `${mib(rssMiB)} | ${budget} |`;
  return [
    '| | start to first answer | restarted | idle RSS | budget (enforced) | target |',
    '| --- | --- | --- | --- | --- | --- |',
    ...footprints.flatMap((footprint) => [
      ...(footprint.floor ? [row(`${footprint.name}'s floor`, footprint.floor, ' | ')] : []),
      row(
        footprint.name === 'stackOneProcess' ? 'stack, one process' : footprint.name,
        footprint,
        budgetWords(footprint),
      ),
    ]),
  ];
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
    'sqlite',
    { ...shared, DATA_DIR: join(dataDir, 'datastore') },
    '/history/datastore/ping',
  );
  const history = await measureService(
    'history',
    'duckdb',
    { ...shared, DATA_DIR: join(dataDir, 'history') },
    '/history/timeseries/ping',
  );
  const controller = await measureService(
    'controller',
    '',
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
  const over = footprints.filter((footprint) => footprint.rssMiB > budgetMiB(footprint));
  for (const footprint of over) {
    console.error(
      `${footprint.name}: idle RSS ${mib(footprint.rssMiB)} is over its budget of ${mib(budgetMiB(footprint))}`,
    );
  }
  if (over.length > 0) process.exitCode = 1;
}

runBench('bench:footprint', DEADLINE_MS, main);
