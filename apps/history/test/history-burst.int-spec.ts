import { randomBytes } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { HISTORY_TOPIC } from '@eventcast/domain';
import { historyStores, PrivateBroker, waitFor } from '@eventcast/testing';
import { HistoryUnderTest } from './history-under-test';

const BURST = 5_000;

describe.each(historyStores())('the history service on $label with a broker in its stock configuration', ({ env }) => {
  let broker: PrivateBroker;
  let history: HistoryUnderTest;

  beforeAll(async () => {
    // No configuration file: Mosquitto's defaults, as on a user's machine (1,000 queued, 20 in flight per client).
    broker = await PrivateBroker.start();
    history = await (await HistoryUnderTest.create({ ...env, MQTT_URL: broker.url })).start();
  });

  afterAll(async () => {
    await history?.end();
    await broker?.stop();
  });

  it(`stores every one of ${BURST.toLocaleString('en')} events published at once at QoS 1`, async () => {
    const key = `burst-${randomBytes(4).toString('hex')}`;
    const publisher = await connectAsync(broker.url);
    try {
      await Promise.all(
        Array.from({ length: BURST }, (_, index) =>
          publisher.publishAsync(`${HISTORY_TOPIC}/${key}`, JSON.stringify({ key, data: { n: index } }), { qos: 1 }),
        ),
      );
    } finally {
      await publisher.endAsync();
    }
    const stored = async () => {
      const csv = await history.csv({ fields: [`${key}/n`], duration: '1h', precision: 'ns' });
      return csv
        .split('\r\n')
        .slice(1, -1)
        .map((line) => Number(line.split(',')[1]));
    };
    const values = await waitFor(
      `${BURST} stored values`,
      async () => {
        const rows = await stored();
        return rows.length >= BURST && rows;
      },
      60_000,
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}; ${(await stored()).length} stored`);
    });
    expect(new Set(values).size).toBe(BURST);
  }, 90_000);
});
