import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const WORKSPACE = resolve(__dirname, '../../..');

/** One built app (`node dist/apps/<app>/main.js`) run as its own process, as a user runs it. */
export class BuiltApp {
  readonly output: string[] = [];
  private child?: ChildProcess;
  private exit?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(
    readonly app: string,
    readonly env: Record<string, string>,
  ) {}

  start(): this {
    const dataDir = mkdtempSync(join(tmpdir(), `eventcast-${this.app}-`));
    const child = spawn(process.execPath, [join(WORKSPACE, 'dist/apps', this.app, 'main.js')], {
      cwd: WORKSPACE,
      env: { ...process.env, DATA_DIR: dataDir, NO_COLOR: '1', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    this.child = child;
    return this;
  }

  get log(): string {
    return this.output.join('');
  }

  /** Resolves with how the process ended. */
  exited() {
    if (!this.exit) throw new Error(`${this.app} was not started`);
    return this.exit;
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    if (this.child?.exitCode === null) this.child.kill(signal);
    return this.exited();
  }
}
