import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dataOf, PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';
import { count, FaultResult, FaultRun } from '../fault-case';
import { HistoryLoad } from './history-load';

/** The rate of every history case: the rate the durability promise is stated for (docs/history.md). */
export const VALUES_PER_SECOND = 10_000;
const VALUES_PER_EVENT = 50;

/**
 * One history case's world: a broker of its own, the built history service on a data folder of its
 * own (restarted on it after a kill), and a peer publishing at `VALUES_PER_SECOND`.
 */
export class HistoryScene {
  /** The most memory (resident set) the service was seen to use, in MB. */
  peakRssMb = 0;
  private readonly since = new Date().toISOString();

  private constructor(
    private readonly run: FaultRun,
    readonly broker: PrivateBroker,
    private service: ServiceUnderTest<'history'>,
    readonly load: HistoryLoad,
  ) {}

  /**
   * Starts the scene; `questDbUrl` unset runs the embedded store. `brokerSessions` runs the broker
   * as Compose configures it: sessions kept across a shutdown, and room for 100,000 messages queued
   * per session (a stock Mosquitto keeps 1,000, about 2.5 s of a burst of 400 messages a second).
   */
  static async start(
    run: FaultRun,
    options: { questDbUrl?: string; brokerSessions?: boolean; dataDir?: string } = {},
  ): Promise<HistoryScene> {
    const broker = run.stopAtEnd(await PrivateBroker.start(options.brokerSessions ? run.tempDir('broker') : undefined));
    const key = `faults-${randomBytes(4).toString('hex')}`;
    const service = run.stopAtEnd(
      await ServiceUnderTest.start('history', {
        MQTT_URL: broker.url,
        MQTT_CLIENT_ID: `${key}-history`,
        DATA_DIR: options.dataDir ?? run.tempDir('history'),
        QUESTDB_URL: options.questDbUrl ?? '',
        QUESTDB_TABLE: key.replace('-', '_'),
      }),
    );
    const load = run.stopAtEnd(await HistoryLoad.start(broker.url, key, VALUES_PER_SECOND, VALUES_PER_EVENT));
    return new HistoryScene(run, broker, service, load);
  }

  get log(): string {
    return this.service.log;
  }

  /** What the service's health route answers now: its status and body. */
  async health(): Promise<{ status: number; body: string }> {
    const response = await fetch(`${this.service.url}/history/health`);
    return { status: response.status, body: await response.text() };
  }

  /** Kills the service (SIGKILL) and starts it again on the same data folder and session. */
  async killService(): Promise<void> {
    await this.service.stop('SIGKILL');
    this.service = this.run.stopAtEnd(await ServiceUnderTest.start('history', this.service.env));
  }

  /** Notes the service's resident memory now. */
  sampleMemory(): void {
    try {
      const status = readFileSync(`/proc/${this.service.pid}/status`, 'utf8');
      const megabytes = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
      this.peakRssMb = Math.max(this.peakRssMb, megabytes);
    } catch {
      // Between a kill and the restart there is no process to read.
    }
  }

  /** Waits up to `timeoutMs` until each of `events` is stored; answers the stored events and how many were stored twice. */
  async waitUntilStored(events: Set<number>, timeoutMs: number) {
    let stored = { events: new Set<number>(), duplicates: 0 };
    await waitFor(
      `${count(events.size)} acknowledged events to be stored`,
      async () => {
        stored = await this.stored();
        return [...events].every((seq) => stored.events.has(seq));
      },
      timeoutMs,
    ).catch(() => undefined);
    return stored;
  }

  /**
   * Stops the load and waits for what the broker acknowledged to be stored; the result counts
   * acknowledged against stored events, and breaks the promise for each one lost.
   */
  async settle(details: string[] = []): Promise<FaultResult> {
    await this.load.stop();
    const acknowledged = this.load.acknowledged;
    const stored = await this.waitUntilStored(acknowledged, 5 * 60_000);
    const lost = [...acknowledged].filter((seq) => !stored.events.has(seq)).sort((a, b) => a - b);
    const values = this.load.valuesPerEvent;
    return {
      summary:
        `acknowledged ${count(acknowledged.size)} events (${count(acknowledged.size * values)} values), ` +
        `stored ${count(stored.events.size)}, lost ${count(lost.length)}, stored twice ${count(stored.duplicates)} ` +
        `(promised: lost 0)${details.map((detail) => `; ${detail}`).join('')}`,
      broken: lost.length
        ? [`${count(lost.length)} acknowledged events are not stored (events ${lost[0]} to ${lost[lost.length - 1]})`]
        : [],
    };
  }

  /** The numbers of the change events of a `HistoryLoad.startChanges` on `controller` stored so far as annotations. */
  async storedChanges(controller: string): Promise<number[]> {
    const annotations = await dataOf(
      this.service.client.GET('/annotations', {
        params: { query: { controller: [controller], start: this.since, limit: 10_000 } },
      }),
    );
    return annotations.map((annotation) => Number(annotation.origin?.by?.replace('burst ', '')));
  }

  /** The events of the load stored so far, each checked to hold all its values, and rows beyond one per event. */
  private async stored() {
    const fields = [`${this.load.key}/seq`, `${this.load.key}/v${this.load.valuesPerEvent - 2}`];
    const csv = await dataOf(
      this.service.client.POST('/timeseries/csv', {
        body: { fields, start: this.since, precision: 'ms' },
        parseAs: 'text',
      }),
    );
    const events = new Set<number>();
    let duplicates = 0;
    for (const row of csv.trim().split('\r\n').slice(1)) {
      const [, seq, last] = row.split(',');
      if (seq === '' || seq !== last) throw new Error(`an event was stored in part: ${row}`);
      if (events.has(Number(seq))) duplicates++;
      events.add(Number(seq));
    }
    return { events, duplicates };
  }
}
