import { connectAsync } from 'mqtt';
import { blockTopic } from '@eventcast/domain';
import { answerOf, dataOf, PrivateBroker, refusedBodies, sendRaw, ServiceUnderTest, waitFor } from '@eventcast/testing';
import { NO_DATASTORE_URL } from './controller-under-test';

// The built app, as a user runs it: a body the one JSON parser refuses never reaches a route, and a
// message nested too deep is refused as any invalid message is, not failed on.

describe('the built controller app, given a body it cannot take', () => {
  const SERVICE_ID = 'refused-bodies';
  const block = { id: 'Deep sensor', serviceId: SERVICE_ID, type: 'TempSensorMock', data: { setting: 4 } };
  let broker: PrivateBroker;
  let controller: ServiceUnderTest<'controller'>;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    controller = await ServiceUnderTest.start('controller', {
      MQTT_URL: broker.url,
      SERVICE_ID,
      DATASTORE_URL: NO_DATASTORE_URL,
    });
  }, 40_000);

  afterAll(async () => {
    await controller?.stop();
    await broker?.stop();
  });

  it.each(refusedBodies(block))('refuses $what on /blocks/create with 400 and creates nothing', async (refused) => {
    const before = await dataOf(controller.client.POST('/blocks/all/read/stored'));
    await expect(sendRaw(`${controller.url}/${SERVICE_ID}/blocks/create`, refused.body)).resolves.toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: refused.message },
    });
    await expect(dataOf(controller.client.POST('/blocks/all/read/stored'))).resolves.toEqual(before);
  });

  it('refuses a create message nested 5,000 levels deep as an invalid message, and creates nothing', async () => {
    const publisher = await connectAsync(broker.url);
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    await publisher.publishAsync(blockTopic('create'), `${JSON.stringify(block).slice(0, -1)},"deep":${deep}}`, {
      qos: 1,
    });
    await publisher.endAsync();
    await waitFor('the refusal in the log', () =>
      controller.log.includes(`refused the message on ${blockTopic('create')}`),
    );
    expect(controller.log).toContain('nests objects and arrays more than 100 levels deep');
    expect(controller.log).not.toContain('failed on');
    await expect(answerOf(controller.client.POST('/blocks/read', { body: { id: block.id } }))).resolves.toMatchObject({
      status: 404,
    });
  });

  it('answers 405 naming the method to use for a route that takes another one', async () => {
    const response = await fetch(`${controller.url}/${SERVICE_ID}/blocks/all/read`);
    expect({ status: response.status, allow: response.headers.get('allow'), body: await response.json() }).toEqual({
      status: 405,
      allow: 'POST',
      body: {
        statusCode: 405,
        error: 'Method Not Allowed',
        message: `/${SERVICE_ID}/blocks/all/read does not answer GET: use POST`,
      },
    });
  });

  it('names one problem per field at fault, and ignores fields a block body does not use', async () => {
    await expect(
      sendRaw(`${controller.url}/${SERVICE_ID}/blocks/read`, { id: ['Deep sensor'], anything: 1 }),
    ).resolves.toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: ['id must be a string'] },
    });
  });

  it('still takes the same body without the junk', async () => {
    await expect(answerOf(controller.client.POST('/blocks/create', { body: block }))).resolves.toMatchObject({
      status: 201,
      body: { id: block.id, type: block.type },
    });
  });
});
