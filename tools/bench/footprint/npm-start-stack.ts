import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { freePort, waitFor } from '@eventcast/testing';
import { cleanups } from '../bench-run';

/** The `npm start` of a bench: `tools/start/start.mjs` on free ports, embedded broker and stores. */
export interface StartedStack {
  /** The pid of start.mjs, which runs the embedded broker and the proxy; the services are its children. */
  pid: number;
  /** From the end of npm start's build check (its plan printed) to every service answering through the proxy. */
  firstAnswerMs: number;
  /** The proxy's origin: the web app and every service's paths. */
  origin: string;
  /** The simulated controller's service id. */
  serviceId: string;
}

const SERVICE_ID = 'controller-1';

/**
 * Starts the stack as `npm start` (with `options`, e.g. `--one-process`) does on a machine with nothing configured: embedded broker,
 * embedded stores in `dataDir`, the proxy in front; resolves once each service answers its ping
 * through the proxy. Its stop is registered in `cleanups`.
 */
export async function startNpmStartStack(
  workspace: string,
  dataDir: string,
  options: string[] = [],
): Promise<StartedStack> {
  const [web, history, datastore, controller, automation, broker] = await Promise.all(
    [1, 2, 3, 4, 5, 6].map(() => freePort()),
  );
  const child = spawn(process.execPath, [join(workspace, 'tools/start/start.mjs'), ...options], {
    cwd: workspace,
    env: {
      ...process.env,
      // Empty counts as unset: the embedded broker and stores, whatever this shell has configured.
      // npm start's script gives its own process the services' V8 options unless NODE_OPTIONS is set.
      NODE_OPTIONS: process.env.NODE_OPTIONS || '--max-semi-space-size=4',
      MQTT_URL: '',
      REDIS_URL: '',
      QUESTDB_URL: '',
      DATA_DIR: dataDir,
      SERVICE_ID,
      WEB_PORT: String(web),
      HISTORY_PORT: String(history),
      DATASTORE_PORT: String(datastore),
      CONTROLLER_PORT: String(controller),
      AUTOMATION_PORT: String(automation),
      EVENTCAST_BROKER_PORT: String(broker),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { pid, stdout } = child;
  if (pid === undefined || !stdout) throw new Error('could not start npm start');
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  cleanups.push(async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
  const planned = new Promise<number>((done) =>
    createInterface({ input: stdout }).on('line', (line) => {
      output = (output + line + '\n').slice(-2000);
      if (line.startsWith('eventcast: broker ')) done(performance.now());
    }),
  );
  const pings = ['/history/timeseries/ping', '/history/datastore/ping', `/${SERVICE_ID}/ping`, '/automation/ping'];
  const answered = await waitFor(
    'npm start to answer every ping through its proxy',
    async () => {
      if (child.exitCode !== null) return 'exited';
      const answers = await Promise.all(pings.map((path) => fetch(`http://127.0.0.1:${web}${path}`)));
      return answers.every((answer) => answer.ok) && performance.now();
    },
    180_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${output}`);
  });
  if (answered === 'exited') throw new Error(`npm start exited with code ${child.exitCode}\n${output}`);
  return { pid, firstAnswerMs: answered - (await planned), origin: `http://127.0.0.1:${web}`, serviceId: SERVICE_ID };
}
