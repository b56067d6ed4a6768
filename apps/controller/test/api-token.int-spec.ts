import { MISSING_TOKEN_ANSWER } from '@eventcast/bootstrap';
import { apiTokenAnswers, PrivateBroker, ServiceUnderTest } from '@eventcast/testing';

const TOKEN = 'controller-test-token-0123456789';
const SERVICE_ID = 'token-controller';

describe('the built controller app with API_TOKEN set', () => {
  let broker: PrivateBroker;
  let controller: ServiceUnderTest<'controller'>;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    // No datastore: its health answers 503, which shows it is open all the same (not 401).
    controller = await ServiceUnderTest.start('controller', {
      MQTT_URL: broker.url,
      SERVICE_ID,
      DATASTORE_URL: 'http://127.0.0.1:9',
      API_TOKEN: TOKEN,
    });
  }, 40_000);

  afterAll(async () => {
    await controller?.stop();
    await broker?.stop();
  });

  it('answers 401 without the token or with a wrong one, and keeps ping, health and metrics open', async () => {
    const answers = await apiTokenAnswers(
      controller.url,
      TOKEN,
      { method: 'POST', path: `/${SERVICE_ID}/blocks/read`, body: { id: 'SystemInfo' } },
      ['ping', 'health', 'metrics'].map((route) => ({ method: 'GET', path: `/${SERVICE_ID}/${route}` })),
    );

    expect(answers).toEqual({
      withoutToken: { status: 401, body: MISSING_TOKEN_ANSWER },
      wrongToken: { status: 401, body: MISSING_TOKEN_ANSWER },
      rightToken: 200,
      openWithoutToken: {
        [`/${SERVICE_ID}/ping`]: 200,
        [`/${SERVICE_ID}/health`]: 503,
        [`/${SERVICE_ID}/metrics`]: 200,
      },
    });
  });

  it('answers the typed client, which sends the token, and never logs the token', async () => {
    await expect(controller.client.POST('/blocks/read', { body: { id: 'SystemInfo' } })).resolves.toMatchObject({
      data: { id: 'SystemInfo' },
    });
    expect(controller.log).not.toContain(TOKEN);
  });
});
