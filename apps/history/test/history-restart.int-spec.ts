import { randomBytes } from 'node:crypto';
import { connectAsync, MqttClient } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { historyStores, testBrokerUrl, waitFor } from '@eventcast/testing';
import { HistoryUnderTest } from './history-under-test';


describe.each(historyStores())('the history service on $label across a restart', ({ env }) => {
  const key = `restart-${randomBytes(4).toString('hex')}`;
  let history: HistoryUnderTest;
  let publisher: MqttClient;

  beforeAll(async () => {
    history = await (await HistoryUnderTest.create(env)).start();
    publisher = await connectAsync(testBrokerUrl());
  });

  afterAll(async () => {
    await publisher.publishAsync(historyTopic(`${key}-retained`), '', { qos: 1, retain: true });
    await publisher.endAsync();
    await history.end();
  });

  /** Every stored value of `field`, oldest first, as `[epoch ms, value]`. */
  async function stored(field: string): Promise<number[][]> {
    const csv = await history.csv({ fields: [field], duration: '1h', precision: 'ms' });
    return csv
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',').map(Number));
  }

  it('stores a retained event once, not again when the broker hands it over after a restart', async () => {
    const field = `${key}-retained/v`;
    await publisher.publishAsync(
      historyTopic(`${key}-retained`),
      JSON.stringify({ key: `${key}-retained`, data: { v: 5 } }),
      { qos: 1, retain: true },
    );
    await waitFor('the live delivery to be stored', async () => (await stored(field)).length === 1);

    await history.stop();
    await history.start();
    await waitFor('the retained delivery after the restart', () => history.ingest.stats.retainedEvents > 0);
    await history.writer.flush();
    expect((await stored(field)).map(([, value]) => value)).toEqual([5]);
  });

  it('stores the events published while it was down once it is back', async () => {
    const field = `${key}-down/v`;
    await history.stop();
    for (const value of [1, 2, 3]) {
      await publisher.publishAsync(
        historyTopic(`${key}-down`),
        JSON.stringify({ key: `${key}-down`, data: { v: value } }),
        { qos: 1 },
      );
    }
    await history.start();
    const rows = await waitFor('the three events', async () => {
      const values = await stored(field);
      return values.length === 3 && values;
    });
    expect(rows.map(([, value]) => value)).toEqual([1, 2, 3]);
  });

  it('writes the values still waiting in its buffer when it stops', async () => {
    const field = `${key}-stop/v`;
    const accepted = history.ingest.stats.acceptedEvents;
    const events = 200;
    for (let value = 0; value < events; value++) {
      void publisher.publishAsync(
        historyTopic(`${key}-stop`),
        JSON.stringify({ key: `${key}-stop`, data: { v: value } }),
        { qos: 1 },
      );
    }
    await waitFor('every event received', () => history.ingest.stats.acceptedEvents - accepted === events);
    await history.stop();
    await history.start();
    expect(await stored(field)).toHaveLength(events);
  });
});
