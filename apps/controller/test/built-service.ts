import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitFor } from '@eventcast/testing';

const WORKSPACE = resolve(__dirname, '../../..');

/**
 * A built app (`node dist/apps/<app>/main.js`, made by its `build` target) run as a process of
 * its own, as a user runs it: the datastore and history services beside the controller under
 * test, or a controller to kill.
 */
export class BuiltService {
  private readonly output: string[] = [];
  private readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly app: string,
    /** PORT and DATA_DIR, and the other variables it was started with. */
    readonly env: Record<string, string>,
    private readonly child: ChildProcess,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.exit = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  }

  /**
   * Starts `dist/apps/<app>/main.js` and waits until it is connected to the broker: on a free port
   * with a data folder of its own, unless `env` names them (to start it again where it was).
   */
  static async start(app: string, env: Record<string, string>): Promise<BuiltService> {
    const main = join(WORKSPACE, 'dist/apps', app, 'main.js');
    if (!existsSync(main)) throw new Error(`${main} is missing: run \`node tools/build/build-app.mjs ${app}\` (the integration target builds it first)`);
    const settings = { PORT: String(await freePort()), DATA_DIR: mkdtempSync(join(tmpdir(), `eventcast-${app}-`)), ...env };
    const child = spawn(process.execPath, [main], { cwd: WORKSPACE, env: { ...process.env, NO_COLOR: '1', ...settings }, stdio: ['ignore', 'pipe', 'pipe'] });
    const service = new BuiltService(app, settings, child);
    await waitFor(`${app} to connect to its broker`, () => service.log.includes(' connected to mqtt://'), 30_000).catch((error: Error) => {
      throw new Error(`${error.message}; it printed:\n${service.log.slice(-2000)}`);
    });
    return service;
  }

  get log(): string {
    return this.output.join('');
  }

  get url(): string {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  /** POSTs a JSON body to `path` below the service's address and returns the parsed answer. */
  async post<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.url}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as T };
  }

  /** Sends `signal` (SIGTERM: a clean stop; SIGKILL: a crash) and resolves with how the process ended. */
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exit;
  }
}
