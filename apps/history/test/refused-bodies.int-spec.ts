import { randomBytes } from 'node:crypto';
import { answerOf, PrivateBroker, refusedBodies, sendRaw, ServiceUnderTest } from '@eventcast/testing';

// The built app, as a user runs it: a body the one JSON parser refuses never reaches a route.

describe('the built history app, given a body it cannot take', () => {
  const query = { fields: ['refused/a'], duration: '1h' };
  let broker: PrivateBroker;
  let history: ServiceUnderTest<'history'>;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    history = await ServiceUnderTest.start('history', {
      MQTT_URL: broker.url,
      MQTT_CLIENT_ID: `eventcast-history-refused-${randomBytes(4).toString('hex')}`,
    });
  }, 40_000);

  afterAll(async () => {
    await history?.stop();
    await broker?.stop();
  });

  it.each(refusedBodies(query))('refuses $what on /timeseries/ranges with 400', async (refused) => {
    await expect(sendRaw(`${history.url}/history/timeseries/ranges`, refused.body)).resolves.toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: refused.message },
    });
  });

  it('names one problem per field at fault, the wrong type alone', async () => {
    const ranges = `${history.url}/history/timeseries/ranges`;
    await expect(sendRaw(ranges, { fields: 'x' })).resolves.toMatchObject({
      status: 400,
      body: { message: ['fields must be an array'] },
    });
    await expect(sendRaw(ranges, { ...query, points: '100' })).resolves.toMatchObject({
      status: 400,
      body: { message: ['points must be an integer number'] },
    });
  });

  it('refuses a key that is not a field of the query, naming the fields, instead of answering the last day', async () => {
    await expect(
      sendRaw(`${history.url}/history/timeseries/ranges`, { fields: ['refused/a'], from: '2024-05-01T00:00:00Z' }),
    ).resolves.toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: ['from is not a field of this body; the fields are fields, start, end, duration, points'],
      },
    });
  });

  it('answers a body without a content type 415, saying to send JSON', async () => {
    const response = await fetch(`${history.url}/history/timeseries/ranges`, {
      method: 'POST',
      body: new Blob([JSON.stringify(query)]),
    });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 415,
      body: {
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'send the body as JSON, with the header Content-Type: application/json',
      },
    });
  });

  it('answers 405 naming the method to use for a route that takes another one', async () => {
    const response = await fetch(`${history.url}/history/timeseries/ranges`);
    expect({ status: response.status, allow: response.headers.get('allow'), body: await response.json() }).toEqual({
      status: 405,
      allow: 'POST',
      body: {
        statusCode: 405,
        error: 'Method Not Allowed',
        message: '/history/timeseries/ranges does not answer GET: use POST',
      },
    });
  });

  it('still answers the same body without the junk', async () => {
    await expect(answerOf(history.client.POST('/timeseries/ranges', { body: query }))).resolves.toEqual({
      status: 200,
      body: [{ field: 'refused/a', values: [], resolution: 'raw' }],
    });
  });
});
