import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Incident } from '@eventcast/automation-model';
import { notificationsTopic } from '@eventcast/domain';
import {
  deleteRedisKeys,
  MqttRecorder,
  NotificationReceiver,
  testBrokerUrl,
  testRedisUrl,
  waitFor,
} from '@eventcast/testing';
import { incidentFacts } from '../src/app/notifications/outbox-entries.util';
import { AutomationStoreChoice } from '../src/infra/automation-store.module';
import { NotificationApp, startNotificationApp } from './notification-app';

const BROKER_URL = testBrokerUrl();
const REDIS_URL = testRedisUrl();
const folder = mkdtempSync(join(tmpdir(), 'automation-outage-'));
const redisPrefix = `eventcast-test-${randomBytes(4).toString('hex')}:`;

/**
 * The receiver is down for seconds here, not minutes: the delivery's waits double from 1 s to 60 s
 * whatever the length of the outage, so a longer one only adds attempts of the same kind.
 */
const OUTAGE_INCIDENTS = 6;

describe.each<[string, AutomationStoreChoice]>([
  ['the embedded SQLite store', { dataDir: folder, redisKeyPrefix: '' }],
  ['the Redis store', { redisUrl: REDIS_URL, redisKeyPrefix: redisPrefix, dataDir: folder }],
])('notifications on %s', (_name, choice) => {
  let app: NotificationApp;
  let receiver: NotificationReceiver;
  let run: string;

  const incident = (n: number): Incident => ({
    id: `${run}-incident-${n}`,
    ruleId: `${run}-rule-${n}`,
    ruleTitle: `Fermenter ${n} too warm`,
    openedAt: new Date().toISOString(),
    subject: `fermenter-${n}/Beer sensor/value[degC]`,
    value: 20 + n,
    message: `Beer above 22 °C`,
  });

  beforeEach(async () => {
    run = randomBytes(4).toString('hex');
    receiver = await NotificationReceiver.start();
    app = await startNotificationApp(choice, BROKER_URL);
    await waitFor('the store', () => app.store.ping().then(() => true));
  });

  afterEach(async () => {
    await app.context.close();
    await receiver.close();
  });

  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await deleteRedisKeys(REDIS_URL, redisPrefix);
  });

  it('gets a webhook that was down and came back every notification, in order, each key once', async () => {
    receiver.answerWith(500);
    const url = `${receiver.url}/brewery`;
    const opened: Incident[] = [];
    for (let n = 1; n <= OUTAGE_INCIDENTS; n++) {
      const one = incident(n);
      opened.push(one);
      const facts = incidentFacts(one, one.openedAt);
      await app.store.openIncident(one, [{ action: { type: 'webhook', url, template: 'ntfy' }, facts }]);
      if (n === OUTAGE_INCIDENTS / 2) await waitFor('failed attempts', () => receiver.turnedAway >= 2);
    }
    const closedAt = new Date().toISOString();
    await app.store.closeIncident(opened[0].id, closedAt, [
      { action: { type: 'webhook', url, template: 'ntfy' }, facts: incidentFacts(opened[0], closedAt) },
    ]);
    await waitFor('three failed attempts', () => receiver.turnedAway >= 3, 15_000);
    expect(receiver.taken).toEqual([]);
    receiver.answerWith(200);
    await waitFor('every notification', () => receiver.taken.length >= OUTAGE_INCIDENTS + 1, 20_000);
    await waitFor('the outbox to empty', async () => (await app.store.pending(100)).length === 0);
    expect(receiver.keys).toEqual([...opened.map((one) => `${one.id}:opened:1`), `${opened[0].id}:closed:2`]);
    expect(receiver.taken[0].headers).toMatchObject({ title: 'Fermenter 1 too warm', tags: 'warning' });
    expect(app.delivery.stats).toMatchObject({ sent: OUTAGE_INCIDENTS + 1, dropped: 0 });
  }, 60_000);

  it('publishes the notifications of an MQTT action on the rule topic of the real broker', async () => {
    const one = incident(1);
    const recorder = await MqttRecorder.connect(BROKER_URL, notificationsTopic(one.ruleId));
    try {
      await app.store.openIncident(one, [{ action: { type: 'mqtt' }, facts: incidentFacts(one, one.openedAt) }]);
      const [message] = await waitFor(
        'the notification on the broker',
        () => recorder.seen.length > 0 && recorder.seen,
      );
      expect(message.payload).toEqual({
        key: `${one.id}:opened:1`,
        event: 'opened',
        ruleId: one.ruleId,
        ...incidentFacts(one, one.openedAt),
      });
    } finally {
      await recorder.close();
    }
  });
});
