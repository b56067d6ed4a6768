// First: the domain's DTOs, which the test harness brings, are decorated with class-transformer metadata.
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { connectAsync, MqttClient } from 'mqtt';
import { MAX_BODY_BYTES } from '@eventcast/bootstrap';
import { PrivateBroker, ServiceUnderTest } from '@eventcast/testing';
import { FuzzBody, routeBodies } from './bodies';
import { FuzzMessage, messages } from './messages';
import { answersPing, bodyBytes, REQUEST_TIMEOUT_MS, send } from './requests';
import { runVolumePhase } from './volume-phase';
import { FuzzedService, Route, serviceRoutes } from './routes';

// `npm run fuzz` and `npm run fuzz -- --short` (about 40 s in all): starts the four built apps on
// their embedded stores and a Mosquitto of their own, then runs two phases.
// - Steps (FUZZ_SECONDS, default 60; 8 short): fast-check-generated bodies to every REST route of
//   their OpenAPI documents and payloads to the MQTT topics they subscribe to, one at a time, each
//   refused one checked to have changed nothing.
// - Volume (volume-phase.ts): FUZZ_BODIES_PER_ROUTE bodies to every route, 8 at a time (default
//   100,000; 100 short), then FUZZ_HISTORY_PAYLOADS generated history payloads through the ingest
//   path (default 1,000,000; 5,000 short), every valid value read back, the services' memory sampled.
// It fails, printing the request and the seed, when a route answers 5xx (but a 503 its document
// lists) or a 4xx without a message, a process ends, a service logs an error, a refused request or
// an invalid message changed a document, a block or the history fields, a valid history value is
// not stored as published, a service's memory keeps growing, or the refusals flood the log.
// FUZZ_SEED replays a run's requests in the same order.

const SERVICE_ID = 'controller-1';
const WORKSPACE = join(__dirname, '../..');
/** How long the services get to act on a burst of MQTT messages before the state is compared. */
const MESSAGE_SETTLE_MS = 150;
/** How long the state must stay the same after a controller call, and after messages (history writes every 200 ms). */
const CONTROLLER_QUIET_MS = 50;
const MESSAGES_QUIET_MS = 500;
/** The refusal log's interval (`REFUSAL_LOG_INTERVAL_MS` of `@eventcast/bootstrap`). */
const REFUSAL_LOG_INTERVAL_S = 10;

type Step = { kind: 'request'; route: Route; body: FuzzBody } | { kind: 'messages'; messages: FuzzMessage[] };

interface Services {
  datastore: ServiceUnderTest<'datastore'>;
  controller: ServiceUnderTest<'controller'>;
  history: ServiceUnderTest<'history'>;
  automation: ServiceUnderTest<'automation'>;
}

/** What a refused request or an invalid message must leave as it was. */
interface State {
  /** The controller's blocks as stored (`/blocks/all/read/stored`). */
  blocks: string;
  /** The history fields of the last 10,000 years. */
  fields: string;
  /** SQLite's data_version of the datastore's file: it changes with every commit of another connection. */
  documentsVersion: number;
  /** The automation service's files in its DATA_DIR (its outbox and incidents): names, sizes and times. */
  automationFiles: string;
}

class FuzzFailure extends Error {}

const short = process.argv.includes('--short');
const seconds = Number(process.env.FUZZ_SECONDS ?? (short ? 8 : 60));
const seed = Number(process.env.FUZZ_SEED ?? randomBytes(4).readUInt32BE() % 2 ** 31);
const historyPayloads = Number(process.env.FUZZ_HISTORY_PAYLOADS ?? (short ? 5_000 : 1_000_000));
const bodiesPerRoute = Number(process.env.FUZZ_BODIES_PER_ROUTE ?? (short ? 100 : 100_000));

const counts = new Map<string, Map<string, number>>();
let sent = 0;
let published = 0;
const slowest = { ms: 0, what: '' };

function count(row: string, column: string): void {
  const columns = counts.get(row) ?? new Map<string, number>();
  columns.set(column, (columns.get(column) ?? 0) + 1);
  counts.set(row, columns);
}

function buildApps(): void {
  if (process.argv.includes('--no-build')) return;
  const apps = 'datastore,controller,history,automation';
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', apps, '--outputStyle=static'], {
    cwd: WORKSPACE,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function startServices(broker: PrivateBroker): Promise<Services> {
  const datastore = await ServiceUnderTest.start('datastore', { MQTT_URL: broker.url });
  const [controller, history] = await Promise.all([
    ServiceUnderTest.start('controller', {
      MQTT_URL: broker.url,
      SERVICE_ID,
      DATASTORE_URL: `http://127.0.0.1:${datastore.env.PORT}`,
      // No broadcast while fuzzing: the history fields change only through the fuzzer's messages.
      BROADCAST_INTERVAL_MS: '3600000',
    }),
    ServiceUnderTest.start('history', {
      MQTT_URL: broker.url,
      MQTT_CLIENT_ID: `eventcast-fuzz-${randomBytes(4).toString('hex')}`,
    }),
  ]);
  const automation = await ServiceUnderTest.start('automation', {
    MQTT_URL: broker.url,
    DATASTORE_URL: datastore.url,
    HISTORY_URL: history.url,
  });
  return { datastore, controller, history, automation };
}

/**
 * Each file below `dir` with its size and modification time, one a line, sorted; Node's compile
 * cache (`.code-cache`), which a service writes as it loads its code, left out.
 */
function filesOf(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => !path.startsWith('.code-cache'))
    .map((path) => {
      const stat = statSync(join(dir, path), { throwIfNoEntry: false });
      return stat?.isFile() ? `${path} ${stat.size} ${stat.mtimeMs}` : undefined;
    })
    .filter((line) => line !== undefined)
    .sort()
    .join('\n');
}

async function post(service: ServiceUnderTest<FuzzedService>, path: string, body: unknown): Promise<string> {
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new FuzzFailure(`reading the state: ${path} answered ${response.status}: ${text}`);
  return text;
}

/** A description of a request that can be sent again by hand. */
function describeRequest(services: Services, route: Route, body: FuzzBody): string {
  const url = `${services[route.service].url}${route.path}`;
  const lines = [`${route.method} ${route.path} (${route.service}), made by: ${body.strategy}`];
  lines.push(`content-type: ${body.contentType ?? '(none)'}`);
  if (body.body === undefined) {
    lines.push('no body');
  } else {
    const bytes = typeof body.body === 'string' ? Buffer.from(body.body) : Buffer.from(body.body);
    const file = join(tmpdir(), `eventcast-fuzz-body-${seed}-${sent}.bin`);
    writeFileSync(file, bytes);
    lines.push(
      `body: ${bytes.length} bytes, written to ${file}; it begins ${JSON.stringify(bytes.subarray(0, 300).toString('utf8'))}`,
    );
    const type = body.contentType === undefined ? '' : ` -H 'content-type: ${body.contentType}'`;
    lines.push(`again: curl -s -X${route.method} ${url}${type} --data-binary @${file}`);
  }
  return lines.join('\n  ');
}

function describeMessages(batch: FuzzMessage[]): string {
  return batch
    .map((message) => {
      const payload = typeof message.payload === 'string' ? message.payload : message.payload.toString('hex');
      return `${message.topic} (${message.strategy}): ${payload.length > 300 ? `${payload.slice(0, 300)}... (${payload.length})` : payload}`;
    })
    .join('\n  ');
}

class Fuzzer {
  private baseline?: State;
  /** How long the state must stay the same before a new baseline is taken: longer after messages. */
  private quietMs = CONTROLLER_QUIET_MS;
  private readonly documents: DatabaseSync;
  private readonly logChecked = new Map<string, number>();

  constructor(
    private readonly services: Services,
    private readonly mqtt: MqttClient,
  ) {
    this.documents = new DatabaseSync(join(services.datastore.env.DATA_DIR, 'datastore.sqlite'), { readOnly: true });
  }

  close(): void {
    this.documents.close();
  }

  private async snapshot(): Promise<State> {
    const [blocks, fields] = await Promise.all([
      post(this.services.controller, `/${SERVICE_ID}/blocks/all/read/stored`, {}),
      post(this.services.history, '/history/timeseries/fields', { duration: '521000w' }),
    ]);
    return {
      blocks,
      fields,
      documentsVersion: (this.documents.prepare('PRAGMA data_version').get() as { data_version: number }).data_version,
      automationFiles: filesOf(this.services.automation.env.DATA_DIR),
    };
  }

  /**
   * The state once it has not changed for `quietMs` (at most 5 s): a write may land after its
   * answer (a deleted block's meta), a message is handled a moment after it was published, and the
   * history service writes what it received every 200 ms.
   */
  private async settled(quietMs: number): Promise<State> {
    let last = await this.snapshot();
    let since = Date.now();
    for (const deadline = since + 5_000; Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const next = await this.snapshot();
      if (!sameState(last, next)) since = Date.now();
      else if (Date.now() - since >= quietMs) return next;
      last = next;
    }
    return last;
  }

  private async newBaseline(): Promise<State> {
    const state = await this.settled(this.quietMs);
    this.quietMs = CONTROLLER_QUIET_MS;
    return state;
  }

  async step(step: Step): Promise<void> {
    if (step.kind === 'request') await this.request(step.route, step.body);
    else await this.publish(step.messages);
  }

  private async request(route: Route, body: FuzzBody): Promise<void> {
    const before = this.baseline ?? (await this.newBaseline());
    sent += 1;
    const startedAt = Date.now();
    let answer: { status: number; text: string };
    try {
      answer = await send(this.services[route.service].url, route, body);
    } catch (error) {
      // A body past the limit is answered 413 at once, and the connection may close while the
      // rest is still being sent: that is an answer too, if the service goes on answering.
      if (!(bodyBytes(body) > MAX_BODY_BYTES && (await answersPing(this.services[route.service], SERVICE_ID)))) {
        throw new FuzzFailure(
          `no answer (${(error as Error).message})\n  ${describeRequest(this.services, route, body)}`,
        );
      }
      answer = { status: 413, text: 'the connection closed before the whole body was sent' };
    }
    count(`${route.method} ${route.path}`, String(answer.status));
    const took = Date.now() - startedAt;
    if (took > slowest.ms)
      Object.assign(slowest, {
        ms: took,
        what: `${route.method} ${route.path} (${body.strategy}, ${bodyBytes(body)} bytes)`,
      });
    const documented503 = answer.status === 503 && route.statuses.includes(503);
    if (answer.status >= 500 && !documented503) {
      throw new FuzzFailure(
        `answered ${answer.status}: ${answer.text.slice(0, 500)}\n  ${describeRequest(this.services, route, body)}`,
      );
    }
    if (answer.status >= 400 && answer.status < 500) {
      const after = await this.snapshot();
      const changed = changes(before, after);
      if (changed.length > 0) {
        throw new FuzzFailure(
          `a refused request (${answer.status}: ${answer.text.slice(0, 300)}) changed ${changed.join(', ')}\n  ${describeRequest(this.services, route, body)}`,
        );
      }
      this.baseline = after;
    } else {
      // Only the controller goes on writing after it answered (a deleted block's meta): wait for it to settle.
      this.baseline = route.service === 'controller' ? undefined : await this.snapshot();
    }
    if (sent % 50 === 0) this.checkLogs(`after request ${sent}: ${route.method} ${route.path}`);
  }

  private async publish(batch: FuzzMessage[]): Promise<void> {
    const allInvalid = batch.every((message) => message.invalid);
    const before = allInvalid ? (this.baseline ?? (await this.newBaseline())) : undefined;
    for (const message of batch) {
      await this.mqtt.publishAsync(message.topic, message.payload, { qos: 1 });
      published += 1;
      count(
        `MQTT ${message.topic.replace(/^(eventcast\/(?:history|state))\/.*/, '$1/<key>')}`,
        message.invalid ? 'invalid' : 'any',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, MESSAGE_SETTLE_MS));
    this.checkLogs(`after the messages\n  ${describeMessages(batch)}`);
    if (before) {
      const after = await this.snapshot();
      const changed = changes(before, after);
      if (changed.length > 0) {
        throw new FuzzFailure(`invalid messages changed ${changed.join(', ')}\n  ${describeMessages(batch)}`);
      }
      this.baseline = after;
    } else {
      this.baseline = undefined;
      this.quietMs = MESSAGES_QUIET_MS;
    }
  }

  /** Fails on a service's log line at the error level written since the last check, and on a process that ended. */
  checkLogs(when: string): void {
    for (const [name, service] of Object.entries(this.services) as Array<[string, ServiceUnderTest<FuzzedService>]>) {
      const log = service.log;
      const fresh = log.slice(this.logChecked.get(name) ?? 0);
      this.logChecked.set(name, log.length);
      const error = fresh.split('\n').find((line) => /\bERROR\b/.test(line));
      if (error)
        throw new FuzzFailure(`the ${name} service logged an error ${when}:\n  ${error}\n${fresh.slice(0, 3000)}`);
    }
  }
}

function sameState(a: State, b: State): boolean {
  return changes(a, b).length === 0;
}

function changes(before: State, after: State): string[] {
  return [
    ...(before.blocks !== after.blocks ? ['the controller blocks'] : []),
    ...(before.fields !== after.fields ? ['the history fields'] : []),
    ...(before.documentsVersion !== after.documentsVersion ? ['the datastore documents (a commit)'] : []),
    ...(before.automationFiles !== after.automationFiles ? ["the automation service's files"] : []),
  ];
}

/** Every step of the run, in an order fixed by the seed: mostly requests to a route, sometimes a burst of messages. */
function steps(routes: Route[]): fc.Arbitrary<Step> {
  const blockExample = routes.find((route) => route.path.endsWith('/blocks/create'))?.examples[0] as Record<
    string,
    unknown
  >;
  const request = fc
    .constantFrom(...routes)
    .chain((route) => routeBodies(route).map((body): Step => ({ kind: 'request', route, body })));
  const burst = fc
    .array(messages(SERVICE_ID, blockExample ?? { id: 'x', type: 'TempSensorMock', data: {} }), {
      minLength: 1,
      maxLength: 20,
    })
    .map((batch): Step => ({ kind: 'messages', messages: batch }));
  return fc.oneof({ arbitrary: request, weight: 9 }, { arbitrary: burst, weight: 1 });
}

/** How many log lines the controller wrote about refused messages, and the count its last one gives. */
function refusalLines(log: string): { lines: number; refused: number; topics: number } {
  const lines = log.split('\n').filter((line) => /refused (the message|[\d,]+ messages) on /.test(line));
  const counts = lines.map((line) => Number(/\((\d+) refused since start\)/.exec(line)?.[1] ?? 0));
  const topics = new Set(lines.map((line) => / on (\S+?):? /.exec(line)?.[1]));
  return { lines: lines.length, refused: Math.max(0, ...counts), topics: topics.size };
}

function printCounts(elapsedS: number): void {
  const statuses = [...new Set([...counts.values()].flatMap((columns) => [...columns.keys()]))].sort();
  const width = Math.max(...[...counts.keys()].map((row) => row.length));
  console.log(`\n${'route or topic'.padEnd(width)}  ${statuses.map((status) => status.padStart(7)).join(' ')}`);
  for (const row of [...counts.keys()].sort()) {
    const columns = counts.get(row) as Map<string, number>;
    console.log(
      `${row.padEnd(width)}  ${statuses.map((status) => String(columns.get(status) ?? '').padStart(7)).join(' ')}`,
    );
  }
  const totals = statuses
    .filter((status) => /^\d+$/.test(status))
    .map(
      (status) => `${status}: ${[...counts.values()].reduce((sum, columns) => sum + (columns.get(status) ?? 0), 0)}`,
    );
  console.log(
    `\nfuzz: ${sent} requests (${totals.join(', ')}) and ${published} MQTT messages in ${elapsedS.toFixed(1)} s, seed ${seed}`,
  );
  if (slowest.ms > 0) console.log(`fuzz: the slowest answer took ${slowest.ms} ms: ${slowest.what}`);
}

async function main(): Promise<number> {
  const routes = serviceRoutes();
  console.log(
    `fuzz: ${routes.length} routes from the OpenAPI documents, ${seconds} s, seed ${seed} (FUZZ_SEED=${seed} replays it)`,
  );
  buildApps();
  const broker = await PrivateBroker.start();
  const dataDirs: string[] = [];
  let services: Services | undefined;
  let mqtt: MqttClient | undefined;
  let fuzzer: Fuzzer | undefined;
  let failure: Error | undefined;
  const started = Date.now();
  try {
    services = await startServices(broker);
    const running = services;
    dataDirs.push(...Object.values(running).map((service) => service.env.DATA_DIR));
    const ended = Promise.race(
      Object.entries(running).map(([name, service]) =>
        (service as ServiceUnderTest<FuzzedService>)
          .exited()
          .then(({ code, signal }) => `${name} (code ${code}, signal ${signal})`),
      ),
    );
    let gone: string | undefined;
    void ended.then((name) => (gone = name));
    mqtt = await connectAsync(broker.url, { clientId: `eventcast-fuzz-${randomBytes(4).toString('hex')}` });
    fuzzer = new Fuzzer(running, mqtt);
    const arbitrary = steps(routes);
    const fuzzStart = Date.now();
    for (let batch = 0; Date.now() - fuzzStart < seconds * 1000; batch++) {
      for (const step of fc.sample(arbitrary, { seed: seed + batch, numRuns: 25 })) {
        if (Date.now() - fuzzStart >= seconds * 1000) break;
        await fuzzer.step(step);
        if (gone) throw new FuzzFailure(`the ${gone} process ended during the run`);
      }
    }
    fuzzer.checkLogs('after the step phase');
    const broken = await runVolumePhase(running, mqtt, routes, {
      historyPayloads,
      bodiesPerRoute,
      seed,
      serviceId: SERVICE_ID,
    });
    if (gone) throw new FuzzFailure(`the ${gone} process ended during the volume phase`);
    fuzzer.checkLogs('at the end');
    if (broken.length > 0) throw new FuzzFailure(`the volume phase:\n  ${broken.join('\n  ')}`);
    const refusals = refusalLines(running.controller.log);
    const bound = refusals.topics * (1 + Math.ceil((Date.now() - fuzzStart) / 1000 / REFUSAL_LOG_INTERVAL_S)) + 1;
    console.log(
      `fuzz: the controller logged ${refusals.lines} lines for ${refusals.refused} refused messages on ${refusals.topics} topics (at most ${bound} allowed)`,
    );
    if (refusals.lines > bound)
      throw new FuzzFailure(`the refused messages flooded the controller's log: ${refusals.lines} lines`);
  } catch (error) {
    failure = error as Error;
  } finally {
    fuzzer?.close();
    await mqtt?.endAsync();
    const stops = await Promise.all(
      Object.values(services ?? {}).map((service: ServiceUnderTest<FuzzedService>) => service.stop()),
    );
    await broker.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    printCounts((Date.now() - started) / 1000);
    const unclean = Object.entries(services ?? {}).filter((_entry, index) => stops[index]?.code !== 0);
    if (!failure && unclean.length > 0) {
      failure = new FuzzFailure(
        unclean
          .map(
            ([name, service]) =>
              `the ${name} service did not stop cleanly (${JSON.stringify(stops)}); its log ends:\n${(service as ServiceUnderTest<FuzzedService>).log.slice(-3000)}`,
          )
          .join('\n'),
      );
    }
  }
  if (failure) {
    console.error(
      `\nfuzz FAILED (seed ${seed}, request ${sent}): ${failure instanceof FuzzFailure ? failure.message : failure.stack}`,
    );
    console.error(`replay: FUZZ_SEED=${seed} npm run fuzz${short ? ' -- --short' : ''}`);
    return 1;
  }
  console.log('fuzz: passed');
  return 0;
}

void main().then((code) => process.exit(code));
