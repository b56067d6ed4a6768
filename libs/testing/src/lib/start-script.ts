import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';
import { inheritedServiceEnvironment } from './test-infrastructure';
import { waitFor } from './wait-for';

const WORKSPACE = resolve(__dirname, '../../../..');

/** The ports `npm start` listens on: its embedded broker's, the proxy's (the web app) and each service's. */
export type StartPorts = Record<'broker' | 'web' | 'history' | 'datastore' | 'controller' | 'automation', number>;

/** A free port for each of `npm start`'s, so that a test takes none of the user's. */
export async function freeStartPorts(): Promise<StartPorts> {
  const ports: StartPorts = { broker: 0, web: 0, history: 0, datastore: 0, controller: 0, automation: 0 };
  for (const name of Object.keys(ports) as Array<keyof StartPorts>) ports[name] = await freePort();
  return ports;
}

/**
 * The environment of `npm start` in a test: the defaults a newcomer has (no broker URL, so the
 * embedded broker; no QuestDB or Redis, so the embedded stores; the default controller and client
 * ids; no token), whatever servers the test run targets, on `ports` and with its data in `dataDir`.
 */
export function startEnvironment(ports: StartPorts, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...inheritedServiceEnvironment(),
    NO_COLOR: '1',
    DATA_DIR: dataDir,
    EVENTCAST_BROKER_PORT: String(ports.broker),
    WEB_PORT: String(ports.web),
    HISTORY_PORT: String(ports.history),
    DATASTORE_PORT: String(ports.datastore),
    CONTROLLER_PORT: String(ports.controller),
    AUTOMATION_PORT: String(ports.automation),
  };
}

/**
 * Waits until all four services `npm start` runs say they are connected to the broker, failing at
 * once with what it printed should it end first.
 */
export async function untilStartConnected(
  output: () => string,
  ended: Promise<unknown>,
  timeoutMs: number,
): Promise<void> {
  const endedFirst = ended.then((how) => Promise.reject(new Error(`npm start ended (${how})`)));
  endedFirst.catch(() => undefined);
  await Promise.race([
    waitFor(
      'all four services to connect',
      () => (output().match(/ connected to mqtt:/g) ?? []).length === 4,
      timeoutMs,
    ),
    endedFirst,
  ]).catch((error: Error) => {
    throw new Error(`${error.message}; npm start printed:\n${output().slice(-3000)}`);
  });
}

/**
 * `node tools/start/start.mjs --no-build` (what `npm start` runs, on the apps as last built) on its
 * embedded defaults, on free ports and with a data folder of its own.
 */
export class StartScript {
  output = '';
  private readonly exit: Promise<string>;

  private constructor(
    private readonly child: ChildProcess,
    readonly ports: StartPorts,
    private readonly dataDir: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exit = new Promise((done) => child.once('exit', (code, signal) => done(String(code ?? signal))));
  }

  /**
   * Starts it and waits until its four services are connected to its broker; `env` adds to the
   * newcomer's environment (an `API_TOKEN`, say), `args` to its `--no-build` (`--one-process`).
   */
  static async start({
    env = {},
    args = [],
  }: { env?: Record<string, string>; args?: string[] } = {}): Promise<StartScript> {
    const ports = await freeStartPorts();
    const dataDir = mkdtempSync(join(tmpdir(), 'eventcast-start-script-'));
    const child = spawn(process.execPath, ['tools/start/start.mjs', '--no-build', ...args], {
      cwd: WORKSPACE,
      env: { ...startEnvironment(ports, dataDir), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const script = new StartScript(child, ports, dataDir);
    try {
      await untilStartConnected(() => script.output, script.exit, 90_000);
    } catch (error) {
      await script.stop();
      throw error;
    }
    return script;
  }

  /** The web app's address as it printed it, without the trailing slash. */
  get webUrl(): string {
    const printed = /^eventcast: web app +(http:\/\/\S+?)\/ /m.exec(this.output);
    if (!printed) throw new Error(`npm start printed no web app address:\n${this.output.slice(-3000)}`);
    return printed[1];
  }

  /** Stops it as Ctrl-C does, waits until it has ended, and removes its data. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGINT');
    await this.exit;
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
