import { MISSING_TOKEN_ANSWER } from '@eventcast/bootstrap';
import { apiTokenAnswers, PrivateBroker, ServiceUnderTest } from '@eventcast/testing';

const TOKEN = 'datastore-test-token-0123456789';

describe('the built datastore app with API_TOKEN set', () => {
  let broker: PrivateBroker;
  let datastore: ServiceUnderTest<'datastore'>;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    datastore = await ServiceUnderTest.start('datastore', { MQTT_URL: broker.url, API_TOKEN: TOKEN });
  }, 40_000);

  afterAll(async () => {
    await datastore?.stop();
    await broker?.stop();
  });

  it('answers 401 without the token or with a wrong one, and keeps ping, health and metrics open', async () => {
    const answers = await apiTokenAnswers(
      datastore.url,
      TOKEN,
      { method: 'POST', path: '/history/datastore/get', body: { namespace: 'token', id: 'a' } },
      ['/history/datastore/ping', '/history/datastore/health', '/history/datastore/metrics'].map((path) => ({
        method: 'GET',
        path,
      })),
    );

    expect(answers).toEqual({
      withoutToken: { status: 401, body: MISSING_TOKEN_ANSWER },
      wrongToken: { status: 401, body: MISSING_TOKEN_ANSWER },
      rightToken: 200,
      openWithoutToken: {
        '/history/datastore/ping': 200,
        '/history/datastore/health': 200,
        '/history/datastore/metrics': 200,
      },
    });
  });

  it('takes writes through the typed client, which sends the token, and never logs it', async () => {
    const document = { namespace: 'token', id: 'b', n: 1 };
    await expect(datastore.client.POST('/set', { body: { value: document } })).resolves.toMatchObject({
      data: { value: document },
    });
    expect(datastore.log).not.toContain(TOKEN);
  });
});
