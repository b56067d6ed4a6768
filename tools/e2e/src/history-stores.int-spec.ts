import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { BuiltApp, freePort, historyStores, waitFor } from '@eventcast/testing';

const BROKER = 'mqtt://127.0.0.1:1883';

describe.each(historyStores())('the built history app on $label', ({ env }) => {
  const key = `e2e-store-${randomBytes(4).toString('hex')}`;
  const field = `${key}/fridge/it's "cold"`;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventcast-e2e-history-'));
  const clientId = `eventcast-e2e-history-${randomBytes(4).toString('hex')}`;
  let port: number;
  let running: BuiltApp | undefined;

  async function start(): Promise<void> {
    running = new BuiltApp('history', { ...env, PORT: String(port), MQTT_URL: BROKER, DATA_DIR: dataDir, MQTT_CLIENT_ID: clientId }).start();
    await waitFor('history to connect to the broker', () => running?.log.includes(`connected to ${BROKER}`), 30_000);
  }

  async function latest(): Promise<Array<{ field: string; value: number }>> {
    const response = await fetch(`http://127.0.0.1:${port}/history/timeseries/metrics`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fields: [field] }),
    });
    return response.ok ? ((await response.json()) as Array<{ field: string; value: number }>) : [];
  }

  beforeAll(async () => {
    port = await freePort();
    await start();
  }, 40_000);

  afterAll(async () => {
    await running?.stop('SIGKILL');
    const session = await connectAsync(BROKER, { clientId, clean: true });
    await session.endAsync();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a published event and still answers it after a restart', async () => {
    const publisher = await connectAsync(BROKER);
    const event = { key, data: { fridge: { [`it's "cold"`]: 4.25 } } };
    await waitFor('the published value to be queryable', async () => {
      await publisher.publishAsync(historyTopic(key), JSON.stringify(event), { qos: 1 });
      return (await latest()).length > 0;
    }, 20_000);
    await publisher.endAsync();
    expect(await latest()).toEqual([expect.objectContaining({ field, value: 4.25 })]);

    await expect(running?.stop('SIGTERM')).resolves.toEqual({ code: 0, signal: null });
    await start();
    expect(await latest()).toEqual([expect.objectContaining({ field, value: 4.25 })]);
  }, 60_000);
});
