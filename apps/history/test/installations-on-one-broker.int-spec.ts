import { rmSync } from 'node:fs';
import { connectAsync, MqttClient } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { dataOf, PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';

describe('two history installations on one broker, each with its own DATA_DIR and the default client id', () => {
  let broker: PrivateBroker;
  let publisher: MqttClient;
  const running = new Set<ServiceUnderTest<'history'>>();
  const dataDirs: string[] = [];

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    publisher = await connectAsync(broker.url);
  }, 20_000);

  afterAll(async () => {
    await Promise.all([...running].map((history) => history.stop()));
    await publisher?.endAsync();
    await broker?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Starts an installation, a fresh one or, given its `env`, the same one again. */
  async function start(env: Record<string, string> = {}): Promise<ServiceUnderTest<'history'>> {
    const history = await ServiceUnderTest.start('history', { MQTT_URL: broker.url, ...env });
    running.add(history);
    if (!dataDirs.includes(history.env.DATA_DIR)) dataDirs.push(history.env.DATA_DIR);
    return history;
  }

  async function stop(history: ServiceUnderTest<'history'>): Promise<Record<string, string>> {
    running.delete(history);
    await history.stop();
    return history.env;
  }

  function publish(value: number): Promise<unknown> {
    return publisher.publishAsync(historyTopic('cellar'), JSON.stringify({ key: 'cellar', data: { temp: value } }), {
      qos: 1,
    });
  }

  /** The values of `cellar/temp` that `history` stored, oldest first, once `last` is among them. */
  async function storedUntil(history: ServiceUnderTest<'history'>, last: number): Promise<number[]> {
    return waitFor(
      `value ${last} in the history of port ${history.env.PORT}`,
      async () => {
        const csv = await dataOf(
          history.client.POST('/timeseries/csv', {
            body: { fields: ['cellar/temp'], duration: '1h', precision: 'ms' },
            parseAs: 'text',
          }),
        );
        const values = csv
          .split('\r\n')
          .slice(1, -1)
          .map((line) => Number(line.split(',')[1]));
        return values.includes(last) && values;
      },
      30_000,
    );
  }

  it('gives each installation every event, those published while it was down included, across restarts', async () => {
    const brewery = await stop(await start());
    const greenhouse = await stop(await start());

    await publish(18.5);

    const breweryAgain = await start(brewery);
    await publish(19);
    expect(await storedUntil(breweryAgain, 19)).toEqual([18.5, 19]);
    await stop(breweryAgain);

    const greenhouseAgain = await start(greenhouse);
    await publish(20);
    expect(await storedUntil(greenhouseAgain, 20)).toEqual([18.5, 19, 20]);
  }, 120_000);
});
