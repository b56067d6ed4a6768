import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Incident } from '@eventcast/automation-model';
import { deleteRedisKeys, NotificationReceiver, testBrokerUrl, testRedisUrl, waitFor } from '@eventcast/testing';
import { AutomationStore } from '../src/app/ports/automation-store.port';
import { AutomationStoreChoice, openAutomationStore } from '../src/infra/automation-store.module';

const RULES = 150;
/** Openings reported before the kill, so it lands while incidents are opened and notifications sent. */
const OPENED_BEFORE_KILL = 50;
const REDIS_URL = testRedisUrl();
const folder = mkdtempSync(join(tmpdir(), 'automation-crash-'));
const redisPrefix = `eventcast-test-${randomBytes(4).toString('hex')}:`;

type WorkerMessage = { rule: number; opened: boolean } | { done: true };

/** Starts the worker on `choice`; `onMessage` hears what it reports. */
function startWorker(choice: AutomationStoreChoice, receiverUrl: string, onMessage: (message: WorkerMessage) => void) {
  const worker = fork(
    join(__dirname, 'notification-crash-worker.ts'),
    [JSON.stringify(choice), receiverUrl, testBrokerUrl(), String(RULES)],
    {
      execArgv: ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register'],
      env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '../tsconfig.json') },
      stdio: 'ignore',
    },
  );
  worker.on('message', onMessage);
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  return { worker, exited };
}

describe.each<[string, AutomationStoreChoice]>([
  ['the embedded SQLite store', { dataDir: folder, redisKeyPrefix: '' }],
  ['the Redis store', { redisUrl: REDIS_URL, redisKeyPrefix: redisPrefix, dataDir: folder }],
])('the automation service killed while it opens incidents and sends notifications, on %s', (_name, choice) => {
  let receiver: NotificationReceiver;
  let store: AutomationStore | undefined;

  beforeAll(async () => {
    receiver = await NotificationReceiver.start();
    // A slow receiver, so notifications wait in the outbox when the kill comes.
    receiver.answerAfterMs = 20;
  });

  afterAll(async () => {
    await store?.close();
    await receiver.close();
    rmSync(folder, { recursive: true, force: true });
    await deleteRedisKeys(REDIS_URL, redisPrefix);
  });

  it('loses no pending notification and opens no incident twice after a SIGKILL and a restart', async () => {
    let reported = 0;
    const first = startWorker(choice, receiver.url, (message) => {
      if ('rule' in message && message.opened) reported += 1;
    });
    await waitFor('openings before the kill', () => reported >= OPENED_BEFORE_KILL, 30_000);
    first.worker.kill('SIGKILL');
    await first.exited;
    const keysAtKill = receiver.taken.length;
    expect(keysAtKill).toBeLessThan(OPENED_BEFORE_KILL);

    const refusedAfterRestart: number[] = [];
    let done = false;
    const second = startWorker(choice, receiver.url, (message) => {
      if ('done' in message) done = true;
      else if (!message.opened) refusedAfterRestart.push(message.rule);
    });
    store = openAutomationStore(choice);
    const reader = store;
    try {
      await waitFor('the restarted engine to fire every rule', () => done, 30_000);
      await waitFor('every notification', () => new Set(receiver.keys).size >= RULES, 30_000);
      // The last answer reaches the receiver before the worker takes its entry out of the outbox.
      await waitFor('an empty outbox', () => reader.pending(10).then((pending) => pending.length === 0), 30_000);
    } finally {
      second.worker.kill('SIGTERM');
      await second.exited;
    }

    const incidents = (await store.incidents({ limit: 10_000 })).reverse();
    expect(incidents).toHaveLength(RULES);
    expect(new Set(incidents.map((incident: Incident) => incident.ruleId)).size).toBe(RULES);
    // Every rule the first run opened was refused after the restart, however far its notification got.
    const openedFirst = incidents.filter((incident) => incident.id.endsWith(`-${first.worker.pid}`));
    expect(openedFirst.length).toBeGreaterThanOrEqual(OPENED_BEFORE_KILL);
    expect(refusedAfterRestart).toEqual(openedFirst.map((incident) => Number(incident.ruleId.slice('rule-'.length))));
    // Every notification arrived, in the order the incidents opened; at most the one in flight at
    // the kill arrived twice, under the same key.
    const firstArrivals = [...new Set(receiver.keys)];
    expect(firstArrivals).toEqual(incidents.map((incident) => `${incident.id}:opened:1`));
    expect(receiver.keys.length - firstArrivals.length).toBeLessThanOrEqual(1);
  }, 120_000);
});
