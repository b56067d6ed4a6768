import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { connectAsync } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { PrivateBroker, scrapeMetrics, ServiceUnderTest, waitFor } from '@eventcast/testing';

describe('the built history app starting on a session the broker kept', () => {
  let broker: PrivateBroker;
  let history: ServiceUnderTest<'history'> | undefined;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
  }, 20_000);

  afterEach(async () => {
    await history?.stop();
    history = undefined;
  });

  afterAll(() => broker?.stop());

  /**
   * Runs the service once under a new client id, so the broker keeps its session, stops it,
   * publishes `events` QoS 1 events meanwhile, and gives the settings to start it again on a fresh
   * DATA_DIR (same port, broker and client id).
   */
  async function sessionWithBacklog(events: number): Promise<Record<string, string>> {
    const clientId = `history-backlog-${randomBytes(4).toString('hex')}`;
    const first = await ServiceUnderTest.start('history', { MQTT_URL: broker.url, MQTT_CLIENT_ID: clientId });
    await waitFor('the line of a new session', () =>
      first.log.includes(`the broker had no session for client id ${clientId}`),
    );
    const { DATA_DIR: _used, ...env } = first.env;
    await first.stop();
    const publisher = await connectAsync(broker.url);
    for (let value = 0; value < events; value++) {
      await publisher.publishAsync(historyTopic('away'), JSON.stringify({ key: 'away', data: { v: value } }), {
        qos: 1,
      });
    }
    await publisher.endAsync();
    return env;
  }

  it('logs and counts the queued messages the broker delivered from its session at start', async () => {
    const queued = 1000;
    const env = await sessionWithBacklog(queued);
    const started = (history = await ServiceUnderTest.start('history', env));
    await waitFor('the backlog line', () => started.log.includes('queued messages'));
    expect(started.log).toContain(
      `the broker delivered ${queued} queued messages from the persistent session of client id ${env.MQTT_CLIENT_ID}`,
    );
    const metrics = await scrapeMetrics(`${started.url}/history/metrics`);
    expect(metrics.value('eventcast_history_session_backlog_events_total')).toBe(queued);
  });

  it('starts from scratch once the session was cleared as docs/history.md says', async () => {
    const env = await sessionWithBacklog(10);
    const { port } = new URL(broker.url);
    await promisify(execFile)('mosquitto_sub', [
      '-h',
      '127.0.0.1',
      '-p',
      port,
      '-i',
      env.MQTT_CLIENT_ID,
      '-t',
      'x',
      '-E',
    ]);
    const started = (history = await ServiceUnderTest.start('history', env));
    await waitFor('the line of a new session', () =>
      started.log.includes(`the broker had no session for client id ${env.MQTT_CLIENT_ID}`),
    );
    expect(await started.client.POST('/timeseries/fields', { body: {} })).toMatchObject({ data: [] });
  });
});
