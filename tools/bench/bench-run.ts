import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort, waitFor } from '@eventcast/testing';

// How the service benchmarks run: what they start is stopped at the end, newest first, and a run
// that hangs is stopped after its deadline instead of holding the machine.

/** What a benchmark started, to be stopped when it ends; `stopAll` empties it. */
export const cleanups: Array<() => Promise<void>> = [];

/** Stops everything in `cleanups`, newest first; a failing stop does not keep the others from running. */
export async function stopAll(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
}

/** Runs `main`, then stops what it started; gives up (exit 1) after `deadlineMs`. */
export function runBench(name: string, deadlineMs: number, main: () => Promise<void>): void {
  const deadline = setTimeout(() => {
    console.error(`${name} did not finish within ${deadlineMs / 60_000} minutes; stopping`);
    void stopAll().finally(() => process.exit(1));
  }, deadlineMs);
  deadline.unref();
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => stopAll().finally(() => clearTimeout(deadline)));
}

const WORKSPACE = resolve(__dirname, '../..');

/** A built app a bench started: its process, its port, and how to stop it. */
export interface BenchApp {
  child: ChildProcess;
  port: number;
  /** SIGTERM, then SIGKILL if it has not ended within 5 s; resolves once it has ended. */
  stop: () => Promise<void>;
}

/**
 * Starts `dist/apps/<app>/main.js` (or `dist/<folder>/main.js` for a project folder given as
 * `<folder>`, as tools/build/build-app.mjs builds it) on a free port with `env`, registers its stop in `cleanups`, and
 * waits until `GET <pingPath>` answers; a failure to start names the end of its standard error.
 */
export async function startBuiltApp(app: string, env: Record<string, string>, pingPath: string): Promise<BenchApp> {
  const port = await freePort();
  const built = app.includes('/') ? join(WORKSPACE, 'dist', app) : join(WORKSPACE, 'dist/apps', app);
  const child = spawn(process.execPath, [join(built, 'main.js')], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((done) => setTimeout(() => done(false), 5000)),
    ]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  cleanups.push(stop);
  await waitFor(
    `the ${app}`,
    async () => child.exitCode === null && (await fetch(`http://127.0.0.1:${port}${pingPath}`)).ok,
    30_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${errors}`);
  });
  return { child, port, stop };
}

/** Linux's clock tick, the unit of the CPU times in `/proc/<pid>/stat`. */
const CLOCK_TICK_MS = 10;

/** User CPU plus system CPU of a process so far, in milliseconds (10 ms steps). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}
