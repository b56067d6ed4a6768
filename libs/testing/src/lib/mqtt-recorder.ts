import { connectAsync, MqttClient } from 'mqtt';
import { waitFor } from './wait-for';

/** One message an `MqttRecorder` saw on the broker. */
export interface SeenMessage<T = unknown> {
  topic: string;
  payload: T;
  retain: boolean;
}

/**
 * A plain MQTT client that records what arrives on its subscriptions, and publishes. When the
 * broker goes away it reconnects every 200 ms and subscribes again.
 */
export class MqttRecorder {
  readonly seen: SeenMessage[] = [];

  private constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload, packet) => {
      const text = payload.toString();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        // kept as text
      }
      this.seen.push({ topic, payload: parsed, retain: packet.retain });
    });
    // mqtt.js reports each failed reconnection as an error, which would crash the process unheard.
    client.on('error', () => undefined);
  }

  static async connect(url: string, ...topics: string[]): Promise<MqttRecorder> {
    return MqttRecorder.subscribe(await connectAsync(url, { reconnectPeriod: 200 }), topics);
  }

  /**
   * A recorder with a persistent session under `clientId`: while it is away, the broker keeps its
   * subscriptions and queues the QoS 1 messages they match, even across a restart of a broker that
   * keeps sessions (`PrivateBroker.start(sessionsDir)`).
   */
  static async connectWithSession(url: string, clientId: string, ...topics: string[]): Promise<MqttRecorder> {
    return MqttRecorder.subscribe(await connectAsync(url, { reconnectPeriod: 200, clientId, clean: false }), topics);
  }

  private static async subscribe(client: MqttClient, topics: string[]): Promise<MqttRecorder> {
    const recorder = new MqttRecorder(client);
    if (topics.length > 0) await client.subscribeAsync(topics, { qos: 1 });
    return recorder;
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    await this.client.publishAsync(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 });
  }

  /** The messages seen on `topic` so far. */
  on<T>(topic: string): SeenMessage<T>[] {
    return this.seen.filter((message) => message.topic === topic) as SeenMessage<T>[];
  }

  /** Waits for a message on `topic`, seen after the `after`-th one, that `accept` takes. */
  async next<T>(
    topic: string,
    what: string,
    accept: (payload: T, message: SeenMessage<T>) => boolean = () => true,
    after = 0,
    timeoutMs = 15_000,
  ): Promise<SeenMessage<T>> {
    return waitFor(
      what,
      () =>
        this.on<T>(topic)
          .slice(after)
          .find((message) => accept(message.payload, message)),
      timeoutMs,
    );
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
