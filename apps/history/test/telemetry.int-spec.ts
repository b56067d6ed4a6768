import { randomBytes } from 'node:crypto';
import { connectAsync, MqttClient } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import {
  answerOf,
  healthThroughBrokerOutage,
  historyStores,
  PrivateBroker,
  PrometheusText,
  scrapeMetrics,
  waitFor,
} from '@eventcast/testing';
import { HistoryUnderTest } from './history-under-test';

describe.each(historyStores())('the metrics and health of the history service on $label', ({ env }) => {
  const key = `telemetry-${randomBytes(4).toString('hex')}`;
  let broker: PrivateBroker;
  let history: HistoryUnderTest;
  let publisher: MqttClient;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    history = await (await HistoryUnderTest.create({ ...env, MQTT_URL: broker.url })).start();
    publisher = await connectAsync(broker.url);
  });

  afterAll(async () => {
    await publisher?.endAsync();
    await history?.end();
    await broker?.stop();
  });

  const metrics = (): Promise<PrometheusText> => scrapeMetrics(`${history.url}/metrics`);

  it('counts received, accepted, invalid, oversized and written in /history/metrics, with the process, HTTP and MQTT metrics', async () => {
    const before = await metrics();
    const count = (text: PrometheusText, name: string) => text.value(`eventcast_history_${name}`) ?? NaN;

    await publisher.publishAsync(historyTopic(key), JSON.stringify({ key, data: { a: 1, b: { c: 2 } } }), { qos: 1 });
    await publisher.publishAsync(historyTopic(key), 'not json', { qos: 1 });
    // Over HISTORY_MAX_EVENT_BYTES (1 MiB by default): dropped unread, its value never stored.
    const oversized = JSON.stringify({ key, data: { d: 3, pad: 'x'.repeat(1024 * 1024) } });
    await publisher.publishAsync(historyTopic(key), oversized, { qos: 1 });
    const after = await waitFor('the three events taken and the two values written', async () => {
      const text = await metrics();
      const written = count(text, 'values_written_total') >= count(before, 'values_written_total') + 2;
      return written && count(text, 'events_received_total') >= count(before, 'events_received_total') + 3 && text;
    });

    expect(count(after, 'events_received_total') - count(before, 'events_received_total')).toBe(3);
    expect(count(after, 'events_oversized_total') - count(before, 'events_oversized_total')).toBe(1);
    expect(count(after, 'events_accepted_total') - count(before, 'events_accepted_total')).toBe(1);
    expect(count(after, 'events_invalid_total') - count(before, 'events_invalid_total')).toBe(1);
    expect(count(after, 'events_refused_total')).toBe(0);
    expect(count(after, 'values_rejected_total')).toBe(0);
    for (const name of ['events_retained_total', 'events_replayed_total', 'values_waiting', 'spool_bytes']) {
      expect(count(after, name)).toBeGreaterThanOrEqual(0);
    }
    expect(after.value('eventcast_mqtt_connected')).toBe(1);
    expect(after.value('eventcast_process_resident_memory_bytes')).toBeGreaterThan(0);
    // The scrapes before are counted under the route pattern, with their latency.
    const scrapes = 'eventcast_http_requests_total{method="GET",route="/history/metrics",status="200"}';
    expect(after.value(scrapes)).toBeGreaterThanOrEqual(1);
    expect(after.declares('eventcast_http_request_duration_seconds')).toBe(true);
    const writes = 'eventcast_history_store_write_duration_seconds_count';
    expect(after.value(writes)).toBeGreaterThan(before.value(writes) ?? 0);
  });

  it('answers /history/health 200 while up, 503 naming the broker while it is away, and 200 again once it is back', async () => {
    expect(await answerOf(history.client.GET('/health'))).toEqual({
      status: 200,
      body: { status: 'ready', checks: { broker: { ok: true }, store: { ok: true } } },
    });

    const health = () => answerOf(history.client.GET('/health'));
    const outage = await healthThroughBrokerOutage(broker, health, `${history.url}/metrics`);
    expect(outage.away.body).toEqual({
      status: 'not ready',
      checks: { broker: { ok: false, detail: 'the MQTT connection is down' }, store: { ok: true } },
    });
    expect(outage).toMatchObject({ connectedWhileAway: 0, connectedAfter: 1 });
  });
});
