import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inheritedServiceEnvironment } from './test-infrastructure';

const WORKSPACE = resolve(__dirname, '../../../..');

/**
 * One built app (`node dist/apps/<app>/main.js`, made by its `build` target) run as its own
 * process, as a user runs it, with a data folder of its own unless `env` names one. Its broker,
 * stores and token are those `env` names, else its defaults: never the test process's own
 * (`inheritedServiceEnvironment`).
 */
export class BuiltApp {
  readonly output: string[] = [];
  private child?: ChildProcess;
  private exit?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  /** The variables it runs with: `env`, and a new data folder of its own unless `env` names one. */
  readonly env: Record<string, string>;

  constructor(
    readonly app: string,
    env: Record<string, string>,
  ) {
    this.env = { DATA_DIR: env.DATA_DIR ?? mkdtempSync(join(tmpdir(), `eventcast-${app}-`)), ...env };
  }

  start(): this {
    const main = join(WORKSPACE, 'dist/apps', this.app, 'main.js');
    if (!existsSync(main))
      throw new Error(
        `${main} is missing: run \`node tools/build/build-app.mjs ${this.app}\` (the integration target builds it first)`,
      );
    const child = spawn(process.execPath, [main], {
      cwd: WORKSPACE,
      env: { ...inheritedServiceEnvironment(), NO_COLOR: '1', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    this.child = child;
    return this;
  }

  /** The process id while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get log(): string {
    return this.output.join('');
  }

  /** Resolves with how the process ended. */
  exited() {
    if (!this.exit) throw new Error(`${this.app} was not started`);
    return this.exit;
  }

  /** Sends `signal` (SIGTERM: a clean stop; SIGKILL: a crash) and resolves with how the process ended. */
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    if (this.child?.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited();
  }
}
