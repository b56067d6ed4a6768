import { answerOf, PrivateBroker, refusedBodies, sendRaw, ServiceUnderTest } from '@eventcast/testing';

// The built app, as a user runs it: a body the one JSON parser refuses never reaches a route.

describe('the built datastore app, given a body it cannot take', () => {
  const document = { namespace: 'refused', id: 'doc', a: 1 };
  let broker: PrivateBroker;
  let datastore: ServiceUnderTest<'datastore'>;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    datastore = await ServiceUnderTest.start('datastore', { MQTT_URL: broker.url });
  }, 40_000);

  afterAll(async () => {
    await datastore?.stop();
    await broker?.stop();
  });

  it.each(refusedBodies({ value: document }))('refuses $what on /set with 400 and writes nothing', async (refused) => {
    await expect(sendRaw(`${datastore.url}/history/datastore/set`, refused.body)).resolves.toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: refused.message },
    });
    await expect(answerOf(datastore.client.POST('/get', { body: document }))).resolves.toEqual({
      status: 200,
      body: { value: null },
    });
  });

  it('still takes the same body without the junk', async () => {
    await expect(answerOf(datastore.client.POST('/set', { body: { value: document } }))).resolves.toEqual({
      status: 200,
      body: { value: document },
    });
  });
});
