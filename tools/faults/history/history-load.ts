import { connectAsync, MqttClient } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { sleep } from '../fault-case';

const TICK_MS = 50;

/**
 * A peer publishing history events at a steady rate at QoS 1, as a controller does. Every value of
 * event `n` is `n`, under `<key>/seq` and `<key>/v<i>`, so what is stored can be matched with what
 * the broker acknowledged; while the broker is away, mqtt.js keeps the events and sends them later.
 */
export class HistoryLoad {
  /** Sequence numbers of the events the broker acknowledged. */
  readonly acknowledged = new Set<number>();
  private sent = 0;
  private running = true;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly loop: Promise<void>;

  private constructor(
    private readonly client: MqttClient,
    readonly key: string,
    private readonly eventsPerSecond: number,
    readonly valuesPerEvent: number,
  ) {
    this.loop = this.publishSteadily();
  }

  static async start(brokerUrl: string, key: string, valuesPerSecond: number, valuesPerEvent: number) {
    const client = await connectAsync(brokerUrl, { clientId: `${key}-publisher`, reconnectPeriod: 500 });
    return new HistoryLoad(client, key, valuesPerSecond / valuesPerEvent, valuesPerEvent);
  }

  /** Events handed to the MQTT client so far, acknowledged or not. */
  get published(): number {
    return this.sent;
  }

  /** Stops publishing and waits up to 30 s for the broker to acknowledge what is in flight. */
  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    await Promise.race([Promise.allSettled([...this.pending]), sleep(30_000)]);
    await this.client.endAsync(true);
  }

  private async publishSteadily(): Promise<void> {
    const started = Date.now();
    while (this.running) {
      const due = Math.floor(((Date.now() - started) / 1000) * this.eventsPerSecond);
      while (this.sent < due) this.publish(this.sent++);
      await sleep(TICK_MS);
    }
  }

  private publish(seq: number): void {
    const data: Record<string, number> = { seq };
    for (let index = 0; index < this.valuesPerEvent - 1; index++) data[`v${index}`] = seq;
    const publishing: Promise<unknown> = this.client
      .publishAsync(historyTopic(this.key), JSON.stringify({ key: this.key, data }), { qos: 1 })
      .then(() => this.acknowledged.add(seq))
      .catch(() => undefined)
      .finally(() => this.pending.delete(publishing));
    this.pending.add(publishing);
  }
}
