import type { Incident } from '@eventcast/automation-model';
import { notificationsTopic } from '@eventcast/domain';
import { RecordingEventPublisher } from '@eventcast/messaging/testing';
import { NotificationReceiver, waitFor } from '@eventcast/testing';
import { InMemoryAutomationStore } from '../../../test/fakes/in-memory-automation-store';
import type { NotificationRequest } from '../ports/automation-store.port';
import { DeliveryOptions, NotificationDelivery } from './notification-delivery.service';
import { incidentFacts } from './outbox-entries.util';

// A receiver on loopback answers well within 2 s even on a loaded machine; a shorter timeout counted slow answers as failures.
const FAST: Partial<DeliveryOptions> = { timeoutMs: 2000, firstRetryMs: 20, maxRetryMs: 200, pollMs: 50 };

describe(NotificationDelivery.name, () => {
  let store: InMemoryAutomationStore;
  let publisher: RecordingEventPublisher;
  let receiver: NotificationReceiver;
  let delivery: NotificationDelivery;
  let opened = 0;

  const incident = (): Incident => {
    opened += 1;
    return {
      id: `inc-${opened}`,
      ruleId: `rule-${opened}`,
      ruleTitle: 'Fridge too warm',
      openedAt: '2026-05-01T06:00:00.000Z',
      subject: 'fridge/Beer sensor/value[degC]',
      value: 23.5,
      message: 'Beer above 22 °C',
    };
  };
  const toWebhook = (of: Incident, url = `${receiver.url}/brewery`): NotificationRequest => ({
    action: { type: 'webhook', url, template: 'ntfy' },
    facts: incidentFacts(of, of.openedAt),
  });
  const open = async (...urls: string[]) => {
    const one = incident();
    await store.openIncident(one, urls.length === 0 ? [toWebhook(one)] : urls.map((url) => toWebhook(one, url)));
    return one;
  };
  const outboxEmpty = async () => (await store.pending(1000)).length === 0;
  const startDelivery = (options = FAST) => {
    delivery = new NotificationDelivery(store, publisher, options);
    delivery.start();
  };

  beforeEach(async () => {
    store = new InMemoryAutomationStore();
    publisher = new RecordingEventPublisher();
    receiver = await NotificationReceiver.start();
    startDelivery();
  });

  afterEach(async () => {
    await delivery.stop();
    await receiver.close();
  });

  it('sends each notification once, in order, with its idempotency key, and takes it off the outbox', async () => {
    const incidents = [await open(), await open(), await open()];
    await waitFor('the outbox to empty', outboxEmpty);
    expect(receiver.keys).toEqual(incidents.map((one) => `${one.id}:opened:1`));
    expect(receiver.taken[0]).toMatchObject({
      path: '/brewery',
      body: 'Beer above 22 °C (fridge/Beer sensor/value[degC]: 23.5)',
    });
    expect(receiver.taken[0].headers).toMatchObject({ title: 'Fridge too warm', priority: '4' });
    expect(delivery.stats).toEqual({ sent: 3, retried: 0, dropped: 0 });
  });

  it('retries a receiver that fails until it takes every notification, in order, each once', async () => {
    receiver.answerWith(500);
    const incidents = [await open(), await open()];
    await waitFor('a few failed attempts', () => receiver.turnedAway >= 3);
    const later = await open();
    receiver.answerWith(200);
    await waitFor('the outbox to empty', outboxEmpty);
    expect(receiver.keys).toEqual([...incidents, later].map((one) => `${one.id}:opened:1`));
    expect(delivery.stats.retried).toBeGreaterThanOrEqual(3);
    expect(delivery.stats.sent).toBe(3);
  });

  it('retries a receiver that does not answer in time, and one that asks to slow down', async () => {
    receiver.answerWith('hang');
    const first = await open();
    await waitFor('an attempt to time out', () => delivery.stats.retried >= 1);
    receiver.answerWith(429);
    await waitFor('a refusal to slow down', () => receiver.turnedAway >= 2 && delivery.stats.retried >= 2);
    receiver.answerWith(200);
    await waitFor('the outbox to empty', outboxEmpty);
    expect(receiver.keys).toEqual([`${first.id}:opened:1`]);
  });

  it('drops a notification its receiver refuses for good, and sends the next', async () => {
    receiver.answerWith(400);
    const refused = await open();
    await waitFor('the refusal', () => delivery.stats.dropped === 1);
    receiver.answerWith(200);
    const next = await open();
    await waitFor('the outbox to empty', outboxEmpty);
    expect(receiver.keys).toEqual([`${next.id}:opened:1`]);
    expect(receiver.keys).not.toContain(`${refused.id}:opened:1`);
    expect(delivery.stats).toEqual({ sent: 1, retried: 0, dropped: 1 });
  });

  it('drops a notification whose request cannot be made', async () => {
    await open('not a url');
    await waitFor('the refusal', () => delivery.stats.dropped === 1);
    await expect(store.pending(10)).resolves.toEqual([]);
  });

  it('goes on with other receivers while one waits to be retried', async () => {
    const down = await NotificationReceiver.start();
    try {
      down.answerWith(503);
      await open(`${down.url}/down`);
      await waitFor('the first failure', () => down.turnedAway >= 1);
      const other = await open();
      await waitFor('the other receiver to take its notification', () => receiver.keys.length === 1);
      expect(receiver.keys).toEqual([`${other.id}:opened:1`]);
      expect(down.taken).toEqual([]);
    } finally {
      await down.close();
    }
  });

  it('publishes MQTT notifications at QoS 1 on the rule topic, and retries while the broker is away', async () => {
    publisher.disconnect();
    const one = incident();
    await store.openIncident(one, [{ action: { type: 'mqtt' }, facts: incidentFacts(one, one.openedAt) }]);
    await waitFor('a failed attempt', () => delivery.stats.retried >= 1);
    publisher.reconnect();
    await waitFor('the outbox to empty', outboxEmpty);
    expect(publisher.published).toEqual([
      {
        topic: notificationsTopic(one.ruleId),
        payload: {
          key: `${one.id}:opened:1`,
          event: 'opened',
          ruleId: one.ruleId,
          ...incidentFacts(one, one.openedAt),
        },
        options: { qos: 1 },
      },
    ]);
  });

  it('goes on after a restart with what was pending, keeping the count of attempts and the wait', async () => {
    await delivery.stop();
    // A wait long enough that no request is in flight when it stops.
    startDelivery({ ...FAST, firstRetryMs: 300 });
    receiver.answerWith(500);
    const one = await open();
    await waitFor('a failed attempt', () => delivery.stats.retried === 1);
    await delivery.stop();
    const [pending] = await store.pending(10);
    expect(pending).toMatchObject({ attempts: 1, lastError: 'HTTP 500 Internal Server Error' });
    receiver.answerWith(200);
    startDelivery();
    await waitFor('the outbox to empty', outboxEmpty);
    expect(receiver.keys).toEqual([`${one.id}:opened:1`]);
    expect(Date.now()).toBeGreaterThanOrEqual(pending.retryAtMs);
  });

  it('leaves a notification it was sending when it stops pending, to be sent again with the same key', async () => {
    await delivery.stop();
    startDelivery({ ...FAST, timeoutMs: 60_000 });
    receiver.answerWith('hang');
    const one = await open();
    await waitFor('the request to reach the receiver', () => receiver.turnedAway === 1);
    await delivery.stop();
    await expect(store.pending(10)).resolves.toMatchObject([{ key: `${one.id}:opened:1`, attempts: 0 }]);
    expect(delivery.stats).toEqual({ sent: 0, retried: 0, dropped: 0 });
  });
});
