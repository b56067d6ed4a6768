import { connectAsync, MqttClient } from 'mqtt';
import {
  CONTROLLER_CHANGE_EVENT_TYPE,
  ControllerChangeEvent,
  historyTopic,
  stateChangesTopic,
} from '@eventcast/domain';
import { sleep } from '../fault-case';

const TICK_MS = 50;

/** The message a load publishes as its `seq`th. */
type LoadMessage = (key: string, seq: number, valuesPerEvent: number) => [topic: string, payload: unknown];

/** A history event whose every value is `seq`, under `<key>/seq` and `<key>/v<i>`. */
const historyEvent: LoadMessage = (key, seq, valuesPerEvent) => {
  const data: Record<string, number> = { seq };
  for (let index = 0; index < valuesPerEvent - 1; index++) data[`v${index}`] = seq;
  return [historyTopic(key), { key, data }];
};

/** A change event of controller `key`: a patch of its block `Burst`, made by `burst <seq>`. */
const changeEvent: LoadMessage = (key, seq) => {
  const event: ControllerChangeEvent = {
    key,
    type: CONTROLLER_CHANGE_EVENT_TYPE,
    data: {
      time: new Date().toISOString(),
      kind: 'patched',
      origin: { via: 'mqtt', by: `burst ${seq}` },
      blocks: [
        {
          id: 'Burst',
          type: 'SetpointSensorPair',
          change: 'changed',
          fields: [{ field: 'storedSetting', from: seq - 1, to: seq }],
        },
      ],
    },
  };
  return [stateChangesTopic(key), event];
};

/**
 * A peer publishing at a steady rate at QoS 1, as a controller does: history events (`start`),
 * whose values all hold the event's number, or change events (`startChanges`), each made by
 * `burst <n>`, so what is stored can be matched with what the broker acknowledged; while the
 * broker is away, mqtt.js keeps the events and sends them later.
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
    private readonly message: LoadMessage = historyEvent,
  ) {
    this.loop = this.publishSteadily();
  }

  static async start(brokerUrl: string, key: string, valuesPerSecond: number, valuesPerEvent: number) {
    const client = await connectAsync(brokerUrl, { clientId: `${key}-publisher`, reconnectPeriod: 500 });
    return new HistoryLoad(client, key, valuesPerSecond / valuesPerEvent, valuesPerEvent);
  }

  /** Change events of controller `key`, `eventsPerSecond` of them. */
  static async startChanges(brokerUrl: string, key: string, eventsPerSecond: number) {
    const client = await connectAsync(brokerUrl, { clientId: `${key}-publisher`, reconnectPeriod: 500 });
    return new HistoryLoad(client, key, eventsPerSecond, 0, changeEvent);
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
    const [topic, payload] = this.message(this.key, seq, this.valuesPerEvent);
    const publishing: Promise<unknown> = this.client
      .publishAsync(topic, JSON.stringify(payload), { qos: 1 })
      .then(() => this.acknowledged.add(seq))
      .catch(() => undefined)
      .finally(() => this.pending.delete(publishing));
    this.pending.add(publishing);
  }
}
