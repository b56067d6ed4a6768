import { randomBytes } from 'node:crypto';
import { EventPublisher } from '@eventcast/messaging';
import {
  answerOf,
  healthThroughBrokerOutage,
  PrivateBroker,
  PrivateRedis,
  PrometheusText,
  scrapeMetrics,
  waitFor,
} from '@eventcast/testing';
import { DatastoreUnderTest, startDatastore } from './datastore-app';

describe('the metrics and health of the datastore on Redis', () => {
  const namespace = `telemetry${randomBytes(4).toString('hex')}`;
  let broker: PrivateBroker;
  let redis: PrivateRedis;
  let datastore: DatastoreUnderTest;

  beforeAll(async () => {
    [broker, redis] = await Promise.all([PrivateBroker.start(), PrivateRedis.start('everysec')]);
    datastore = await startDatastore({ MQTT_URL: broker.url, REDIS_URL: redis.url });
    await datastore.subscribed;
    await waitFor('the publisher', () => datastore.app.get(EventPublisher).connected);
  });

  afterAll(async () => {
    await datastore?.app.close();
    await Promise.all([broker?.stop(), redis?.stop()]);
  });

  const metrics = (): Promise<PrometheusText> => scrapeMetrics(`${datastore.url}/metrics`);
  const health = () => answerOf(datastore.client.GET('/health'));

  it('counts calls by route and the change events published in /history/datastore/metrics', async () => {
    const before = await metrics();
    const published = (text: PrometheusText) => text.value('eventcast_datastore_change_events_published_total') ?? NaN;
    const sets = (text: PrometheusText) =>
      text.value('eventcast_http_requests_total{method="POST",route="/history/datastore/set",status="200"}') ?? 0;

    await datastore.client.POST('/set', { body: { value: { namespace, id: 'a' } } });
    await datastore.client.POST('/set', { body: { value: { namespace, id: 'b' } } });
    const after = await waitFor('the two change events', async () => {
      const text = await metrics();
      return published(text) >= published(before) + 2 && text;
    });

    expect(published(after) - published(before)).toBe(2);
    const written = (text: PrometheusText) => text.value('eventcast_datastore_documents_written_total') ?? NaN;
    expect(written(after) - written(before)).toBe(2);
    expect(after.value('eventcast_datastore_change_events_unpublished_total')).toBe(0);
    expect(sets(after) - sets(before)).toBe(2);
    expect(after.declares('eventcast_http_request_duration_seconds')).toBe(true);
    expect(after.value('eventcast_mqtt_connected')).toBe(1);
    expect(after.value('eventcast_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('answers /history/datastore/health 503 naming the broker while it is away, and 200 once it is back', async () => {
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { broker: { ok: true }, store: { ok: true } } },
    });

    const outage = await healthThroughBrokerOutage(broker, health, `${datastore.url}/metrics`);
    expect(outage.away.body).toEqual({
      status: 'not ready',
      checks: { broker: { ok: false, detail: 'the MQTT connection is down' }, store: { ok: true } },
    });
    expect(outage).toMatchObject({ connectedWhileAway: 0, connectedAfter: 1 });
  });

  it('answers 503 naming the store while Redis is away, and 200 once it is back', async () => {
    await redis.kill();
    const away = await waitFor('health to answer 503', async () => {
      const answer = await health();
      return answer.status === 503 && answer;
    });
    expect(away.body).toMatchObject({ status: 'not ready', checks: { broker: { ok: true }, store: { ok: false } } });

    await redis.restart();
    await waitFor('health to answer 200 again', async () => (await health()).status === 200, 20_000);
  });
});
