import { answerOf, PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';

const DATASTORE_TOKEN = 'datastore-token-0123456789abcdef';

describe('a controller whose token the datastore refuses', () => {
  let broker: PrivateBroker;
  let datastore: ServiceUnderTest<'datastore'>;
  const controllers: ServiceUnderTest<'controller'>[] = [];

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    datastore = await ServiceUnderTest.start('datastore', { MQTT_URL: broker.url, API_TOKEN: DATASTORE_TOKEN });
  }, 40_000);

  afterAll(async () => {
    await Promise.all(controllers.map((controller) => controller.stop()));
    await datastore?.stop();
    await broker?.stop();
  });

  it.each([
    ['no datastore token', {}, "set DATASTORE_API_TOKEN (or DATASTORE_API_TOKEN_FILE) to the datastore's API_TOKEN"],
    [
      'a wrong datastore token',
      { DATASTORE_API_TOKEN: 'not-the-datastore-token-0123456' },
      "DATASTORE_API_TOKEN is not the datastore's API_TOKEN",
    ],
  ])(
    'given %s, says in its health and its log that it is refused, and what to fix',
    async (_, env, fix) => {
      const serviceId = `refused-${controllers.length + 1}`;
      const controller = await ServiceUnderTest.start('controller', {
        MQTT_URL: broker.url,
        SERVICE_ID: serviceId,
        DATASTORE_URL: datastore.url,
        ...env,
      });
      controllers.push(controller);

      const health = await answerOf(controller.client.GET('/health'));
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({
        status: 'not ready',
        checks: {
          datastore: {
            ok: false,
            detail: `the datastore at ${datastore.url}/history/datastore refused the controller's token (401 to mget): ${fix}`,
          },
        },
      });

      await waitFor('the refusal in the log', () => controller.log.includes("refused the controller's token"), 10_000);
      expect(controller.log).toContain(fix);
      expect(controller.log).not.toContain('unreachable');

      const save = await answerOf(controller.client.POST('/blocks/backup/save'));
      expect(save).toMatchObject({ status: 503, body: { message: expect.stringContaining(fix) } });
    },
    60_000,
  );
});
