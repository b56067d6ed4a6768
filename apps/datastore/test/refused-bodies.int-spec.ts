import { answerOf, PrivateBroker, refusedBodies, sendRaw, ServiceUnderTest } from '@eventcast/testing';

// The built app, as a user runs it: a body the one JSON parser refuses never reaches a route.

describe('the built datastore app, given a body it cannot take', () => {
  const key = { namespace: 'refused', id: 'doc' };
  const document = { ...key, a: 1 };
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
    await expect(answerOf(datastore.client.POST('/get', { body: key }))).resolves.toEqual({
      status: 200,
      body: { value: null },
    });
  });

  it('names one problem per field at fault: an array as a document is not a JSON object', async () => {
    await expect(sendRaw(`${datastore.url}/history/datastore/set`, { value: [1] })).resolves.toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: ['value must be a JSON object'] },
    });
    await expect(
      sendRaw(`${datastore.url}/history/datastore/mget`, { namespace: 'refused', ids: null }),
    ).resolves.toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: ['ids must be an array'] },
    });
  });

  it('refuses a key that is not a field of the body, naming the fields', async () => {
    await expect(sendRaw(`${datastore.url}/history/datastore/get`, { ...key, namespaces: ['x'] })).resolves.toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: ['namespaces is not a field of this body; the fields are namespace, id'],
      },
    });
  });

  it('answers 405 naming the method to use for a route that takes another one', async () => {
    const response = await fetch(`${datastore.url}/history/datastore/get`);
    expect({ status: response.status, allow: response.headers.get('allow') }).toEqual({ status: 405, allow: 'POST' });
    const ping = await fetch(`${datastore.url}/history/datastore/ping`, { method: 'POST' });
    expect({ status: ping.status, allow: ping.headers.get('allow') }).toEqual({ status: 405, allow: 'GET, HEAD' });
  });

  it('still takes the same body without the junk', async () => {
    await expect(answerOf(datastore.client.POST('/set', { body: { value: document } }))).resolves.toEqual({
      status: 200,
      body: { value: document },
    });
  });
});
