import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { freePort, historyStores, ServiceUnderTest, testBrokerUrl, waitFor } from '@eventcast/testing';

describe.each(historyStores())('the built history app on $label', ({ env }) => {
  const key = `e2e-store-${randomBytes(4).toString('hex')}`;
  const field = `${key}/fridge/it's "cold"`;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventcast-e2e-history-'));
  const clientId = `eventcast-e2e-history-${randomBytes(4).toString('hex')}`;
  let port: number;
  let running: ServiceUnderTest<'history'> | undefined;

  async function start(): Promise<void> {
    running = await ServiceUnderTest.start('history', {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      MQTT_CLIENT_ID: clientId,
    });
  }

  /** The latest value of the field, or none while the service cannot answer yet. */
  async function latest() {
    const answer = await running?.client.POST('/timeseries/metrics', { body: { fields: [field] } });
    return answer?.data ?? [];
  }

  beforeAll(async () => {
    port = await freePort();
    await start();
  }, 40_000);

  afterAll(async () => {
    await running?.stop('SIGKILL');
    const session = await connectAsync(testBrokerUrl(), { clientId, clean: true });
    await session.endAsync();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a published event and still answers it after a restart', async () => {
    const publisher = await connectAsync(testBrokerUrl());
    const event = { key, data: { fridge: { [`it's "cold"`]: 4.25 } } };
    await waitFor(
      'the published value to be queryable',
      async () => {
        await publisher.publishAsync(historyTopic(key), JSON.stringify(event), { qos: 1 });
        return (await latest()).length > 0;
      },
      20_000,
    );
    await publisher.endAsync();
    expect(await latest()).toEqual([expect.objectContaining({ field, value: 4.25 })]);

    await expect(running?.stop('SIGTERM')).resolves.toEqual({ code: 0, signal: null });
    await start();
    expect(await latest()).toEqual([expect.objectContaining({ field, value: 4.25 })]);
  }, 60_000);
});
