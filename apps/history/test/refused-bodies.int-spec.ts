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

  it('still answers the same body without the junk', async () => {
    await expect(answerOf(history.client.POST('/timeseries/ranges', { body: query }))).resolves.toEqual({
      status: 200,
      body: [{ field: 'refused/a', values: [], resolution: 'raw' }],
    });
  });
});
