import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import { createHistoryClient, HistoryApiClient, HistorySchemas } from '@eventcast/api-client';
import { startService, StartedService } from '@eventcast/bootstrap';
import { HISTORY_TOPIC } from '@eventcast/domain';
import { dataOf, freePort, stoppedAtFileEnd, testBrokerUrl, waitFor } from '@eventcast/testing';
import { TimedValues, TimeSeriesStore } from '@eventcast/time-series-store';
import { HistoryIngestService } from '../src/app/ingest/history-ingest.service';
import { HistoryWriter } from '../src/app/ingest/history-writer.service';
import { readHistoryConfig } from '../src/config/history.config';
import { historyService } from '../src/history-service';
import { StoreMaintenance } from '../src/infra/store-maintenance';

const running = stoppedAtFileEnd<HistoryUnderTest>();

/**
 * The history service started in this process as `main.ts` starts it, on a free port, with a data
 * folder and an MQTT client id of its own, so it can be stopped and started again like a real one.
 * Tests call its routes through `client` and read its store directly.
 */
export class HistoryUnderTest {
  private started?: StartedService;

  /** Its REST API, typed from its OpenAPI document. */
  readonly client: HistoryApiClient;

  private constructor(readonly env: Record<string, string>) {
    this.client = createHistoryClient(`http://127.0.0.1:${env.PORT}`);
  }

  static async create(env: Record<string, string> = {}): Promise<HistoryUnderTest> {
    return new HistoryUnderTest({
      PORT: String(await freePort()),
      MQTT_URL: testBrokerUrl(),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'eventcast-history-test-')),
      MQTT_CLIENT_ID: `eventcast-history-test-${randomBytes(4).toString('hex')}`,
      ...env,
    });
  }

  /** Starts the service and waits until its subscription delivers events. */
  async start(): Promise<this> {
    this.started = await startService(historyService(readHistoryConfig(this.env)));
    running.add(this);
    await this.started.subscribed;
    await this.waitUntilSubscribed();
    return this;
  }

  /** Stops it as SIGTERM does (`app.close()`): the subscription closes, the buffer is written, the store closes. */
  async stop(): Promise<void> {
    await this.started?.app.close();
    this.started = undefined;
    running.delete(this);
  }

  /** Stops it for good: ends the persistent session it left on the shared broker and removes its data folder. */
  async end(): Promise<void> {
    await this.stop();
    const client = await connectAsync(this.env.MQTT_URL, { clientId: this.env.MQTT_CLIENT_ID, clean: true });
    await client.endAsync();
    rmSync(this.env.DATA_DIR, { recursive: true, force: true });
  }

  get url(): string {
    return `http://127.0.0.1:${this.env.PORT}/history`;
  }

  get streamUrl(): string {
    return `ws://127.0.0.1:${this.env.PORT}/history/timeseries/stream`;
  }

  get ingest(): HistoryIngestService {
    return this.running.app.get(HistoryIngestService);
  }

  get writer(): HistoryWriter {
    return this.running.app.get(HistoryWriter);
  }

  get maintenance(): StoreMaintenance {
    return this.running.app.get(StoreMaintenance);
  }

  get store(): TimeSeriesStore {
    return this.running.app.get(TimeSeriesStore);
  }

  /** Writes `events` straight into the store and waits until they are readable (QuestDB applies writes a moment later). */
  async write(events: readonly TimedValues[]): Promise<void> {
    await this.store.write(events);
    const fields = [...new Set(events.flatMap((event) => [...event.values.keys()]))];
    const total = events.reduce((sum, event) => sum + event.values.size, 0);
    const times = events.map((event) => event.ts);
    const [from, to] = [Math.min(...times), Math.max(...times)];
    await waitFor(
      `${total} written values to be readable`,
      async () => (await this.store.values(fields, from, to, total)).length >= total,
      30_000,
    );
  }

  /** The CSV that `/history/timeseries/csv` answers to `query`; fails unless it answers 200. */
  csv(query: HistorySchemas['CsvQueryDto']): Promise<string> {
    return dataOf(this.client.POST('/timeseries/csv', { body: query, parseAs: 'text' }));
  }

  private get running(): StartedService {
    if (!this.started) throw new Error('the history service is not running');
    return this.started;
  }

  /** The broker may still be setting up the subscription when the client connects: probe until an event arrives. */
  private async waitUntilSubscribed(): Promise<void> {
    const probe = await connectAsync(this.env.MQTT_URL);
    try {
      const before = this.ingest.stats.acceptedEvents;
      await waitFor('the subscription', async () => {
        await probe.publishAsync(`${HISTORY_TOPIC}/probe`, JSON.stringify({ key: 'probe', data: {} }), { qos: 1 });
        return this.ingest.stats.acceptedEvents > before;
      });
    } finally {
      await probe.endAsync();
    }
  }
}
