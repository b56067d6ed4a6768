import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectAsync } from 'mqtt';
import { freePort, waitFor } from '@eventcast/testing';
import { cleanups, cpuMs } from '../bench-run';
import { BENCH_RUN, MQTT_URL } from './bench-settings';

const WORKSPACE = resolve(__dirname, '../../..');
const CLIENT_ID = `eventcast-history-bench-${BENCH_RUN}`;

/** The built history service as a process of its own, as a user runs it, with its output kept. */
export class HistoryProcess {
  readonly output: string[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly base: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
  }

  /** Starts `dist/apps/history/main.js` with `env` on a free port and a spool of its own; resolves once it is connected. */
  static async start(env: Record<string, string>): Promise<HistoryProcess> {
    const port = await freePort();
    const spoolDir = mkdtempSync(join(tmpdir(), 'history-bench-spool-'));
    cleanups.push(async () => rmSync(spoolDir, { recursive: true, force: true }));
    const child = spawn(process.execPath, [join(WORKSPACE, 'dist/apps/history/main.js')], {
      env: {
        ...process.env,
        NO_COLOR: '1',
        PORT: String(port),
        MQTT_URL,
        DATA_DIR: spoolDir,
        MQTT_CLIENT_ID: CLIENT_ID,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const history = new HistoryProcess(child, `http://127.0.0.1:${port}/history/timeseries`);
    await waitFor('the history service', () => history.output.join('').includes('connected to'), 60_000);
    return history;
  }

  /** POSTs `body` to the route `path` below `/history/timeseries`; throws on an answer other than 2xx. */
  async post(path: string, body: unknown): Promise<Response> {
    const response = await fetch(`${this.base}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response;
  }

  /** The annotations `GET /history/annotations` answers for `query`; throws on an answer other than 2xx. */
  async annotations(query: URLSearchParams): Promise<unknown[]> {
    const response = await fetch(`${new URL(this.base).origin}/history/annotations?${query}`);
    if (!response.ok) throw new Error(`annotations answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as unknown[];
  }

  /** The service's CPU time so far, in milliseconds. */
  get cpuMs(): number {
    return cpuMs(this.child.pid ?? 0);
  }

  /** Log lines that say values were dropped or refused. */
  get losses(): string[] {
    return this.output
      .join('')
      .split('\n')
      .filter((line) => /ingest stopped|dropping it|skipped \d+ bytes/.test(line));
  }

  /** Stops the service, then ends its persistent MQTT session so the broker keeps nothing for it. */
  async stop(): Promise<void> {
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.kill('SIGTERM');
    await exited;
    const client = await connectAsync(MQTT_URL, { clientId: CLIENT_ID, clean: true });
    await client.endAsync();
  }
}
