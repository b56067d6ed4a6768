import { MISSING_TOKEN_ANSWER } from '@eventcast/bootstrap';
import { apiTokenAnswers, PrivateBroker, ServiceUnderTest, websocketUpgrade } from '@eventcast/testing';
import { STREAM_PATH } from '../src/app/time-series/stream.gateway';

const TOKEN = 'history-test-token-0123456789';

const streamUpgrade = (url: string, headers?: Record<string, string>) =>
  websocketUpgrade(`${url}${STREAM_PATH}`, headers);

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

  it('answers the typed client, which sends the token, and never logs the token', async () => {
    await expect(history.client.POST('/timeseries/fields', { body: {} })).resolves.toMatchObject({ data: [] });
    expect(history.log).not.toContain(TOKEN);
  });
});
