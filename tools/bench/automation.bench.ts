// bench:automation (issue 40): the built automation service watching 1,000 threshold rules over
// 5,000 fields while the bus carries 2,000 history events a second (500 keys of 10 fields each,
// near 20 °C). Every BENCH_AUTOMATION_TRIGGER_MS (default 100 ms) one watched field jumps to 60 °C
// and back a moment later: the rule fires, and its webhook reaches a local receiver. It prints the
// time from the publish of the jump to the receiver's request (p50, p99 against 200 ms), how many
// firings reached the receiver, and the service's CPU and peak RSS over BENCH_AUTOMATION_S seconds
// (default 60). The rules are written to the datastore in one `mset`, as an import would.
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { rssMiB } from './footprint/process-rss';
import { cleanups, cpuMs, runBench, startBuiltApp } from './bench-run';
import { percentile } from './percentile';

const SECONDS = Number(process.env.BENCH_AUTOMATION_S ?? 60);
const TRIGGER_MS = Number(process.env.BENCH_AUTOMATION_TRIGGER_MS ?? 100);
const EVENTS_PER_S = 2000;
const KEYS = 500;
const FIELDS_PER_KEY = 10;
const RULES = 1000;
const TARGET_P99_MS = 200;
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';

const run = `bench-${Date.now().toString(36)}`;
const keyOf = (k: number) => `${run}-k${k}`;
const fieldOf = (k: number, f: number) => `${keyOf(k)}/probe/f${f}[degC]`;
/** Rule r watches field r*5 of the 5,000 (every other key's even fields). */
const ruleField = (r: number) => ({ key: Math.floor((r * 5) / FIELDS_PER_KEY), field: (r * 5) % FIELDS_PER_KEY });

function rule(r: number, receiver: string) {
  const { key, field } = ruleField(r);
  return {
    namespace: 'svc-automation:rules',
    id: `${run}-r${r}`,
    title: `Probe ${r} too warm`,
    enabled: true,
    trigger: {
      type: 'threshold',
      field: fieldOf(key, field),
      when: 'above',
      threshold: { value: 40 },
      hysteresis: { value: 1 },
    },
    actions: [{ type: 'webhook', url: `${receiver}/${run}-r${r}`, template: 'slack' }],
  };
}

function event(key: number, hot?: number) {
  const values: Record<string, number> = {};
  for (let f = 0; f < FIELDS_PER_KEY; f++) values[`f${f}[degC]`] = f === hot ? 60 : 20 + Math.random();
  return JSON.stringify({ key: keyOf(key), data: { probe: values } });
}

async function main(): Promise<void> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const receiver = createServer((request, response) => {
    const ruleId = request.url?.slice(1) ?? '';
    const key = String(request.headers['idempotency-key'] ?? '');
    const started = sentAt.get(ruleId);
    if (key.includes(':opened:') && started !== undefined) {
      latencies.push(performance.now() - started);
      sentAt.delete(ruleId);
    }
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  cleanups.push(() => new Promise<void>((done) => receiver.close(() => done())));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const datastore = await startBuiltApp(
    'datastore',
    { MQTT_URL, DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-datastore-')) },
    '/history/datastore/ping',
  );
  const datastoreUrl = `http://127.0.0.1:${datastore.port}`;
  const rules = Array.from({ length: RULES }, (_, r) => rule(r, receiverUrl));
  const written = await fetch(`${datastoreUrl}/history/datastore/mset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ values: rules }),
  });
  if (!written.ok) throw new Error(`the datastore refused the rules: ${await written.text()}`);
  const automation = await startBuiltApp(
    'automation',
    {
      MQTT_URL,
      DATASTORE_URL: datastoreUrl,
      HISTORY_URL: 'http://127.0.0.1:9',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-automation-')),
      LOG_LEVEL: 'warn',
    },
    '/automation/ping',
  );
  const pid = Number(automation.child.pid);
  const listed = await (
    await fetch(`http://127.0.0.1:${automation.port}/automation/rules/list`, { method: 'POST' })
  ).json();
  console.log(`automation: ${(listed as { values: unknown[] }).values.length} rules of ${RULES} loaded`);

  const bus = await connectAsync(MQTT_URL, { clientId: `${run}-load` });
  cleanups.push(() => bus.endAsync());
  const cpuBefore = cpuMs(pid);
  let peakRss = rssMiB(pid);
  let fired = 0;
  let published = 0;
  const startedMs = performance.now();
  const tick = 10;
  let next = 0;
  let lastTrigger = startedMs;
  let r = 0;
  while (performance.now() - startedMs < SECONDS * 1000) {
    const due = Math.floor(((performance.now() - startedMs) / 1000) * EVENTS_PER_S) - published;
    for (let i = 0; i < due; i++) {
      bus.publish(historyTopic(run), event(next), { qos: 0 });
      next = (next + 1) % KEYS;
      published++;
    }
    if (performance.now() - lastTrigger >= TRIGGER_MS) {
      lastTrigger = performance.now();
      const { key, field } = ruleField(r);
      sentAt.set(`${run}-r${r}`, performance.now());
      bus.publish(historyTopic(run), event(key, field), { qos: 0 });
      fired++;
      r = (r + 1) % RULES;
    }
    peakRss = Math.max(peakRss, rssMiB(pid));
    await new Promise((done) => setTimeout(done, tick));
  }
  const elapsedS = (performance.now() - startedMs) / 1000;
  await new Promise((done) => setTimeout(done, 2000));
  const cpuS = (cpuMs(pid) - cpuBefore) / 1000;
  const p99 = percentile(latencies, 99);
  console.log(
    `automation: ${(published / elapsedS).toFixed(0)} history events/s (${FIELDS_PER_KEY} fields each) for ${elapsedS.toFixed(0)} s, ${RULES} rules`,
  );
  console.log(
    `  trigger to notification: ${latencies.length} of ${fired} firings notified, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  the service: ${cpuS.toFixed(1)} CPU s (${((cpuS / elapsedS) * 100).toFixed(0)} % of a core), peak RSS ${peakRss.toFixed(0)} MiB`,
  );
}

runBench('bench:automation', 10 * 60_000, main);
