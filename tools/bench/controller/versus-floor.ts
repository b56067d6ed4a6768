// bench:controller's comparison with its floor: `read` and `patch` of the controller service and
// the same calls of a bare Fastify server on the same simulated device (bare-controller-server.ts),
// each loaded by wrk with 2 threads and 16 connections for the same time, one after the other.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort, waitFor } from '@eventcast/testing';
import { cleanups } from '../bench-run';
import { programMissing } from '../on-path';
import { runWrk, WrkResult } from '../wrk-load';

const WORKSPACE = resolve(__dirname, '../../..');
const CONNECTIONS = 16;
/** Lua: the request body of the n-th call, for a block read among `Mock 0` to `Mock 94` and a patch of `Setpoint 0`. */
const READ_ID = `"Mock " .. (n % 95)`;
const SETTING = '(18 + (n % 40) / 10)';

function script(path: string, body: string): string {
  return [
    'local n = 0',
    'request = function()',
    '  n = n + 1',
    `  return wrk.format("POST", "${path}", {["Content-Type"] = "application/json"}, ${body})`,
    'end',
  ].join('\n');
}

/** Starts the bare server on `deviceFile` (the service must be stopped), stopped at the end; resolves with its port. */
async function startBareController(deviceFile: string): Promise<{ port: number; stop: () => void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-r',
      'ts-node/register/transpile-only',
      '-r',
      'tsconfig-paths/register',
      join(__dirname, 'bare-controller-server.ts'),
      String(port),
      deviceFile,
    ],
    {
      cwd: WORKSPACE,
      env: { ...process.env, TS_NODE_PROJECT: join(WORKSPACE, 'tools/bench/tsconfig.json') },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stop = (): void => {
    child.kill('SIGTERM');
  };
  cleanups.push(async () => stop());
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('the bare controller server', () => output.includes('listening'), 60_000);
  return { port, stop };
}

/**
 * Loads the running service at `servicePort` (serving `/<serviceId>/blocks/...`), then, once
 * `stopService` has stopped it, the bare server on its device file; answers the report's lines.
 */
export async function versusFloor(
  servicePort: number,
  serviceId: string,
  stopService: () => Promise<void>,
  deviceFile: string,
  seconds: number,
): Promise<string[]> {
  const missing = programMissing('wrk', 'Debian: apt-get install wrk');
  if (missing) return [`controller against its floor: not run, ${missing}`];
  const load = (port: number, lua: string) =>
    runWrk({ url: `http://127.0.0.1:${port}`, script: lua, threads: 2, connections: CONNECTIONS, seconds });
  const service = {
    read: load(servicePort, script(`/${serviceId}/blocks/read`, `'{"id":"' .. ${READ_ID} .. '"}'`)),
    patch: load(
      servicePort,
      script(
        `/${serviceId}/blocks/patch`,
        `'{"serviceId":"${serviceId}","id":"Setpoint 0","type":"SetpointSensorPair","data":{"storedSetting":' .. ${SETTING} .. '}}'`,
      ),
    ),
  };
  await stopService();
  const bare = await startBareController(deviceFile);
  const floor = {
    read: load(bare.port, script('/read', `'{"id":"' .. ${READ_ID} .. '"}'`)),
    patch: load(bare.port, script('/patch', `'{"id":"Setpoint 0","data":{"storedSetting":' .. ${SETTING} .. '}}'`)),
  };
  bare.stop();
  const rate = (result: WrkResult) =>
    `${Math.round(result.requestsPerSecond)} /s${result.failed > 0 ? ` (${result.failed} failed)` : ''}`;
  return [
    `controller against its floor (a bare Fastify server on the same simulated device), wrk -t2 -c${CONNECTIONS} -d${seconds}s each:`,
    '| call | controller requests/s | p50 ms | p99 ms | bare Fastify requests/s | p99 ms | controller / bare |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...(['read', 'patch'] as const).map(
      (call) =>
        `| ${call} | ${rate(service[call])} | ${service[call].p50Ms.toFixed(2)} | ${service[call].p99Ms.toFixed(2)} | ` +
        `${rate(floor[call])} | ${floor[call].p99Ms.toFixed(2)} | ` +
        `${(service[call].requestsPerSecond / floor[call].requestsPerSecond).toFixed(2)} |`,
    ),
  ];
}
