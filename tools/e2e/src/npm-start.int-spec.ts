import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, isListening, waitFor } from '@eventcast/testing';

const WORKSPACE = resolve(__dirname, '../../..');

describe('npm start', () => {
  let start: ChildProcess;
  let output = '';
  const ports = { broker: 0, history: 0, datastore: 0, controller: 0 };

  beforeAll(async () => {
    for (const name of Object.keys(ports) as Array<keyof typeof ports>) ports[name] = await freePort();
    // No MQTT_URL and nothing on the broker port: npm start has to bring its embedded broker.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NO_COLOR: '1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'eventcast-start-')),
      SERVICE_ID: 'start-test',
    };
    delete env.MQTT_URL;
    start = spawn(process.execPath, ['tools/start/start.mjs'], {
      cwd: WORKSPACE,
      env: {
        ...env,
        EVENTCAST_BROKER_PORT: String(ports.broker),
        HISTORY_PORT: String(ports.history),
        DATASTORE_PORT: String(ports.datastore),
        CONTROLLER_PORT: String(ports.controller),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(
      'all three services to connect',
      () => (output.match(/ connected to mqtt:/g) ?? []).length === 3,
      90_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; npm start printed:\n${output.slice(-3000)}`);
    });
  }, 120_000);

  afterAll(() => {
    if (start.exitCode === null) start.kill('SIGKILL');
  });

  it('says that security is off when no API_TOKEN is set', () => {
    expect(output).toContain('eventcast: security off: no API_TOKEN');
  });

  it('says which broker and stores it uses and where each API page is', () => {
    expect(output).toContain(
      `eventcast: broker mqtt://localhost:${ports.broker} (embedded aedes broker, in this process)`,
    );
    expect(output).toMatch(
      new RegExp(`history +http://localhost:${ports.history}/history/api/doc +\\(embedded DuckDB in `),
    );
    expect(output).toMatch(
      new RegExp(`datastore +http://localhost:${ports.datastore}/history/datastore/api/doc +\\(embedded SQLite in `),
    );
    expect(output).toMatch(
      new RegExp(`controller +http://localhost:${ports.controller}/start-test/api/doc +\\(simulated device in `),
    );
  });

  it('runs all three services, each log line behind its name', async () => {
    for (const [port, ping] of [
      [ports.history, 'history/timeseries/ping'],
      [ports.datastore, 'history/datastore/ping'],
      [ports.controller, 'start-test/ping'],
    ] as const) {
      expect(await (await fetch(`http://127.0.0.1:${port}/${ping}`)).json()).toEqual({ ping: 'pong' });
    }
    expect(output).toMatch(/^\[history\] +.* history started at /m);
    expect(output).toMatch(/^\[datastore\] +.* datastore started at /m);
    expect(output).toMatch(/^\[controller\] +.* controller start-test started at /m);
  });

  it('stops every service and the broker on Ctrl-C', async () => {
    const exited = new Promise((resolve) => start.once('exit', (code) => resolve(code)));
    start.kill('SIGINT');
    await expect(exited).resolves.toBe(0);
    for (const port of Object.values(ports)) expect(await isListening(port)).toBe(false);
    expect(output).toContain('eventcast: stopped');
  });
});
