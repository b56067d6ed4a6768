// npm run bench:controller — the controller service as users run it (the built app, a process of
// its own, with its own Mosquitto so the shared broker is not flooded):
// - REST `write` and `patch`: requests/s, p50 and p99 at 1 and 16 keep-alive clients, on a
//   controller holding 100 blocks (every answered write is in the device file);
// - MQTT `patch`: messages/s from one publisher, each one applied (read back);
// - one state plus history broadcast with 500 blocks: CPU time of the service per broadcast (the
//   process's CPU time while broadcasting every 100 ms, less its CPU time while idle), and the
//   size of both events;
// - `read` and `patch` against a bare Fastify server on the same device (controller/versus-floor.ts).
// BENCH_SECONDS sets each REST run's length (default 5, after a 1 s warm-up).
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectAsync } from 'mqtt';
import { blockTopic, historyTopic, quantity as q, stateTopic } from '@eventcast/domain';
import { ServerProcess, waitFor } from '@eventcast/testing';
import { BenchApp, cleanups, cpuMs, runBench, startBuiltApp } from './bench-run';
import { versusFloor } from './controller/versus-floor';
import { LoadResult, post, runLoad } from './http-load';

const WORKSPACE = resolve(__dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_MS = 1000;
const CLIENTS = [1, 16];
const SERVICE_ID = 'bench';
const REST_BLOCKS = 100;
const BROADCAST_LOOPS = 100; // 5 blocks each: 500 blocks
const BROADCAST_WINDOW_MS = 10_000;
const MQTT_MESSAGES = 5000;
const MQTT_WINDOW = 500;
const DEADLINE_MS = 10 * 60_000;
const TARGETS = { writesPerSecond: 3000, broadcastMs: 50 };

/** `clients` keep-alive clients sending `route` requests to the controller. */
function measure(port: number, route: string, body: (n: number) => string, clients: number): Promise<LoadResult> {
  return runLoad({ port, path: blocksPath(route), body, clients, warmUpMs: WARM_UP_MS, seconds: SECONDS });
}

function blocksPath(route: string): string {
  return `/${SERVICE_ID}/blocks/${route}`;
}

function startController(env: Record<string, string>): Promise<BenchApp> {
  return startBuiltApp(
    'controller',
    { SERVICE_ID: SERVICE_ID, DATASTORE_URL: 'http://127.0.0.1:9', ...env },
    `/${SERVICE_ID}/ping`,
  );
}

const block = (id: string, type: string, data: Record<string, unknown>) => ({ id, serviceId: SERVICE_ID, type, data });

/** One control loop of five blocks: sensor, setpoint, PID, PWM and actuator (the first four on onboard pins). */
function loop(n: number) {
  return [
    block(`Sensor ${n}`, 'TempSensorMock', {
      connected: true,
      setting: 18 + (n % 5),
      fluctuations: [{ amplitude: 0.5, period: 300 }],
    }),
    block(`Setpoint ${n}`, 'SetpointSensorPair', {
      enabled: true,
      sensorId: `Sensor ${n}`,
      storedSetting: 20,
      filter: 'FILTER_15s',
    }),
    block(`Actuator ${n}`, 'DigitalActuator', n < 4 ? { hwDevice: 'OnboardPins', channel: n + 1 } : {}),
    block(`PWM ${n}`, 'ActuatorPwm', { enabled: true, actuatorId: `Actuator ${n}`, period: 10 }),
    block(`PID ${n}`, 'Pid', {
      enabled: true,
      inputId: `Setpoint ${n}`,
      outputId: `PWM ${n}`,
      kp: 20,
      ti: 600,
      td: 30,
    }),
  ];
}

async function seed(port: number, blocks: unknown[]): Promise<void> {
  const agent = new Agent({ keepAlive: true });
  for (const each of blocks) {
    const status = await post(agent, port, blocksPath('create'), JSON.stringify(each));
    if (status !== 201) throw new Error(`could not create ${JSON.stringify(each)}: ${status}`);
  }
  agent.destroy();
}

function row(call: string, clients: number, result: LoadResult): string {
  const failed = result.failed ? ` (${result.failed} failed)` : '';
  return `| ${call} | ${clients} | ${Math.round(result.requestsPerSecond).toLocaleString('en')} | ${result.p50.toFixed(2)} | ${result.p99.toFixed(2)} |${failed}`;
}

/** The REST and MQTT rows; the comparison with the floor goes to `floorLines`. */
async function benchRest(
  brokerUrl: string,
  dataDir: string,
  verdicts: string[],
  floorLines: string[],
): Promise<string[]> {
  const controller = await startController({
    MQTT_URL: brokerUrl,
    DATA_DIR: join(dataDir, 'rest'),
    BROADCAST_INTERVAL_MS: '3600000',
  });
  await seed(
    controller.port,
    loop(0).concat(
      Array.from({ length: REST_BLOCKS - 5 }, (_, n) =>
        block(`Mock ${n}`, 'TempSensorMock', { connected: true, setting: 20 }),
      ),
    ),
  );
  const write = (n: number) =>
    JSON.stringify(
      block('Setpoint 0', 'SetpointSensorPair', {
        enabled: true,
        sensorId: 'Sensor 0',
        storedSetting: q('degC', 18 + (n % 40) / 10),
        filter: 'FILTER_15s',
      }),
    );
  const patch = (n: number) =>
    JSON.stringify(block('Setpoint 0', 'SetpointSensorPair', { storedSetting: 18 + (n % 40) / 10 }));
  const rows: string[] = [];
  for (const [call, body] of [
    ['write', write],
    ['patch', patch],
  ] as const) {
    for (const clients of CLIENTS) {
      const result = await measure(controller.port, call, body, clients);
      rows.push(row(call, clients, result));
      console.log(rows[rows.length - 1]);
      if (call === 'write' && clients === 16) {
        const met = result.requestsPerSecond >= TARGETS.writesPerSecond && result.failed === 0;
        verdicts.push(
          `REST writes at 16 clients: ${Math.round(result.requestsPerSecond)}/s (target ${TARGETS.writesPerSecond}): ${met ? 'met' : 'NOT met'}`,
        );
      }
    }
  }
  rows.push(await benchMqttPatch(brokerUrl, controller.port));
  console.log(rows[rows.length - 1]);
  const deviceFile = join(dataDir, 'rest', `controller-${SERVICE_ID}.device.json`);
  floorLines.push(...(await versusFloor(controller.port, SERVICE_ID, controller.stop, deviceFile, SECONDS)));
  return rows;
}

/**
 * One publisher sends patches in windows of `MQTT_WINDOW` (so the broker's queue for the service
 * never overflows and drops some), each patch a new setting; a window counts as applied when the
 * service reads back its last setting.
 */
async function benchMqttPatch(brokerUrl: string, port: number): Promise<string> {
  const peer = await connectAsync(brokerUrl);
  const setting = (n: number) => Math.round((10 + n / 1000) * 1000) / 1000;
  const applied = async (value: number) => {
    const response = await fetch(`http://127.0.0.1:${port}/${SERVICE_ID}/blocks/read`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'Setpoint 0' }),
    });
    const answer = (await response.json()) as { data: { storedSetting: { value: number } } };
    return answer.data.storedSetting.value === value;
  };
  const started = performance.now();
  for (let from = 0; from < MQTT_MESSAGES; from += MQTT_WINDOW) {
    const window = Array.from({ length: MQTT_WINDOW }, (_, i) => from + i);
    await Promise.all(
      window.map((n) =>
        peer.publishAsync(
          blockTopic('patch'),
          JSON.stringify(block('Setpoint 0', 'SetpointSensorPair', { storedSetting: setting(n) })),
          { qos: 1 },
        ),
      ),
    );
    await waitFor('a window of MQTT patches to be applied', () => applied(setting(from + MQTT_WINDOW - 1)), 60_000);
  }
  const seconds = (performance.now() - started) / 1000;
  await peer.endAsync();
  return `| MQTT patch (QoS 1, 1 publisher, windows of ${MQTT_WINDOW}) | 1 | ${Math.round(MQTT_MESSAGES / seconds).toLocaleString('en')} | | |`;
}

async function benchBroadcast(brokerUrl: string, dataDir: string, verdicts: string[]): Promise<string> {
  const folder = join(dataDir, 'broadcast');
  const idle = await startController({ MQTT_URL: brokerUrl, DATA_DIR: folder, BROADCAST_INTERVAL_MS: '3600000' });
  await seed(idle.port, Array.from({ length: BROADCAST_LOOPS }, (_, n) => loop(n)).flat());
  await new Promise((done) => setTimeout(done, 2000));
  const idleFrom = cpuMs(idle.child.pid as number);
  await new Promise((done) => setTimeout(done, BROADCAST_WINDOW_MS));
  const idleMsPerSecond = (cpuMs(idle.child.pid as number) - idleFrom) / (BROADCAST_WINDOW_MS / 1000);
  await idle.stop();

  const peer = await connectAsync(brokerUrl);
  const sizes = { state: 0, history: 0 };
  let broadcasts = 0;
  peer.on('message', (topic, payload) => {
    const kind = topic === stateTopic(SERVICE_ID) ? 'state' : 'history';
    if (kind === 'state' && payload.length > 100) broadcasts++;
    sizes[kind] = Math.max(sizes[kind], payload.length);
  });
  await peer.subscribeAsync([stateTopic(SERVICE_ID), historyTopic(SERVICE_ID)], { qos: 0 });
  const busy = await startController({ MQTT_URL: brokerUrl, DATA_DIR: folder, BROADCAST_INTERVAL_MS: '100' });
  await new Promise((done) => setTimeout(done, 2000));
  const busyFrom = cpuMs(busy.child.pid as number);
  const counted = broadcasts;
  await new Promise((done) => setTimeout(done, BROADCAST_WINDOW_MS));
  const busyMs = cpuMs(busy.child.pid as number) - busyFrom;
  const published = broadcasts - counted;
  await busy.stop();
  await peer.endAsync();

  const perBroadcast = (busyMs - (idleMsPerSecond * BROADCAST_WINDOW_MS) / 1000) / published;
  const met = perBroadcast < TARGETS.broadcastMs;
  verdicts.push(
    `one state plus history broadcast of ${BROADCAST_LOOPS * 5} blocks: ${perBroadcast.toFixed(1)} ms of CPU (target < ${TARGETS.broadcastMs}): ${met ? 'met' : 'NOT met'}`,
  );
  return [
    `broadcast of ${BROADCAST_LOOPS * 5} user blocks (+2 system blocks), every 100 ms for ${BROADCAST_WINDOW_MS / 1000} s: ${published} state events received;`,
    `  CPU of the service ${busyMs} ms, idle (ticks only) ${idleMsPerSecond.toFixed(0)} ms/s -> ${perBroadcast.toFixed(1)} ms per state + history broadcast;`,
    `  state event ${(sizes.state / 1024).toFixed(0)} KiB, history event ${(sizes.history / 1024).toFixed(0)} KiB`,
  ].join('\n');
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [join(WORKSPACE, 'tools/build/build-app.mjs'), 'controller'], { stdio: 'inherit' });
  const broker = await (await ServerProcess.mosquitto()).start();
  cleanups.push(() => broker.stop());
  const brokerUrl = broker.url;
  const dataDir = mkdtempSync(join(tmpdir(), 'controller-bench-'));
  cleanups.unshift(async () => rmSync(dataDir, { recursive: true, force: true }));
  console.log(
    `controller bench: REST runs of ${SECONDS} s after ${WARM_UP_MS} ms of warm-up, ${REST_BLOCKS} blocks; broker ${brokerUrl}`,
  );

  const verdicts: string[] = [];
  const floorLines: string[] = [];
  const rows = [
    '| call | clients | requests/s | p50 ms | p99 ms |',
    '| --- | --- | --- | --- | --- |',
    ...(await benchRest(brokerUrl, dataDir, verdicts, floorLines)),
  ];
  const broadcast = await benchBroadcast(brokerUrl, dataDir, verdicts);
  console.log(`\n${rows.join('\n')}\n\n${floorLines.join('\n')}\n\n${broadcast}\n`);
  for (const verdict of verdicts) console.log(`target: ${verdict}`);
}

runBench('bench:controller', DEADLINE_MS, main);
