import { connectAsync } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { MISSING_TOKEN_ANSWER } from '@eventcast/bootstrap';
import { HISTORY_STREAM_PATH, streamProtocols } from '@eventcast/live-stream';
import { apiTokenAnswers, PrivateBroker, ServiceUnderTest, websocketUpgrade } from '@eventcast/testing';
import { StreamClient } from './stream-client';

const TOKEN = 'history-test-token-0123456789';

const streamUpgrade = (url: string, headers?: Record<string, string>) =>
  websocketUpgrade(`${url}${HISTORY_STREAM_PATH}`, headers);

describe('the built history app with API_TOKEN set', () => {
  let broker: PrivateBroker;
  let history: ServiceUnderTest<'history'>;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    history = await ServiceUnderTest.start('history', { MQTT_URL: broker.url, API_TOKEN: TOKEN });
  }, 40_000);

  afterAll(async () => {
    await history?.stop();
    await broker?.stop();
  });

  it('answers 401 without the token or with a wrong one, and keeps ping, health and metrics open', async () => {
    const answers = await apiTokenAnswers(
      history.url,
      TOKEN,
      { method: 'POST', path: '/history/timeseries/fields', body: {} },
      ['/history/timeseries/ping', '/history/health', '/history/metrics'].map((path) => ({ method: 'GET', path })),
    );

    expect(answers).toEqual({
      withoutToken: { status: 401, body: MISSING_TOKEN_ANSWER },
      wrongToken: { status: 401, body: MISSING_TOKEN_ANSWER },
      rightToken: 200,
      openWithoutToken: { '/history/timeseries/ping': 200, '/history/health': 200, '/history/metrics': 200 },
    });
  });

  it('refuses the WebSocket stream without the token (401) and opens it with the token', async () => {
    await expect(streamUpgrade(history.url)).resolves.toBe(401);
    await expect(streamUpgrade(history.url, { authorization: `Bearer ${TOKEN}-wrong` })).resolves.toBe(401);
    await expect(streamUpgrade(history.url, { authorization: `Bearer ${TOKEN}` })).resolves.toBe('open');
  });

  it('takes the token in the subprotocol a browser can send: refused without it or with a wrong one, live with it', async () => {
    const protocolHeader = (token: string) => ({ 'sec-websocket-protocol': streamProtocols(token).join(', ') });
    await expect(streamUpgrade(history.url, { 'sec-websocket-protocol': 'eventcast' })).resolves.toBe(401);
    await expect(streamUpgrade(history.url, protocolHeader(`${TOKEN}-wrong`))).resolves.toBe(401);

    const stream = await StreamClient.open(
      `${history.url.replace(/^http/, 'ws')}${HISTORY_STREAM_PATH}`,
      streamProtocols(TOKEN),
    );
    const publisher = await connectAsync(broker.url);
    try {
      expect(stream.protocol).toBe('eventcast');
      stream.send({ id: 'gauge', command: 'metrics', query: { fields: ['browser/v'] } });
      await stream.next('the first answer', (reply) => reply.id === 'gauge' && Array.isArray(reply.data));
      await publisher.publishAsync(historyTopic('browser'), JSON.stringify({ key: 'browser', data: { v: 42 } }), {
        qos: 1,
      });
      const update = await stream.next('the published value', (reply) => JSON.stringify(reply.data).includes('42'));
      expect(update.data).toEqual([expect.objectContaining({ field: 'browser/v', value: 42 })]);
    } finally {
      stream.close();
      await publisher.endAsync();
    }
    expect(history.log).not.toContain(streamProtocols(TOKEN)[1]);
  });

  it('answers the typed client, which sends the token, and never logs the token', async () => {
    await expect(history.client.POST('/timeseries/fields', { body: {} })).resolves.toMatchObject({
      response: { status: 200 },
    });
    expect(history.log).not.toContain(TOKEN);
  });
});
