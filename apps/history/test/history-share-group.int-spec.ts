import { randomBytes } from 'node:crypto';
import { connectAsync, MqttClient } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { dataOf, testBrokerUrl, waitFor } from '@eventcast/testing';
import { HistoryUnderTest } from './history-under-test';

const EVENTS = 40;

describe('two history services in one share group', () => {
  const run = randomBytes(4).toString('hex');
  const group = `eventcast-history-test-${run}`;
  let first: HistoryUnderTest;
  let second: HistoryUnderTest;
  let publisher: MqttClient;

  beforeAll(async () => {
    first = await (await HistoryUnderTest.create({ MQTT_SHARE_GROUP: group })).start();
    second = await (await HistoryUnderTest.create({ MQTT_SHARE_GROUP: group })).start();
    publisher = await connectAsync(testBrokerUrl());
  });

  afterAll(async () => {
    await publisher?.endAsync();
    await first?.end();
    await second?.end();
  });

  /** The events of this run that `history` stored, by number. */
  async function storedBy(history: HistoryUnderTest): Promise<number[]> {
    const fields = await dataOf(history.client.POST('/timeseries/fields', { body: { duration: '1h' } }));
    return fields
      .filter((field) => field.startsWith(`share-${run}/`))
      .map((field) => Number(field.split('/')[1]))
      .sort((a, b) => a - b);
  }

  it('store each event once between them, and both take a share', async () => {
    for (let n = 0; n < EVENTS; n++) {
      await publisher.publishAsync(
        historyTopic(`share-${run}`),
        JSON.stringify({ key: `share-${run}`, data: { [n]: n } }),
        { qos: 1 },
      );
    }
    const [byFirst, bySecond] = await waitFor('every event to be stored by one of the two', async () => {
      const split = await Promise.all([storedBy(first), storedBy(second)]);
      return split[0].length + split[1].length >= EVENTS && split;
    });

    expect([...byFirst, ...bySecond].sort((a, b) => a - b)).toEqual(Array.from({ length: EVENTS }, (_, n) => n));
    expect(byFirst.length).toBeGreaterThan(0);
    expect(bySecond.length).toBeGreaterThan(0);
  });
});
