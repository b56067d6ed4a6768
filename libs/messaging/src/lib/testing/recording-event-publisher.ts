import { EventPublisher, PublishOptions } from '../event-publisher';

/** One message a `RecordingEventPublisher` published. */
export interface PublishedEvent {
  topic: string;
  payload: unknown;
  options: PublishOptions;
}

/**
 * An `EventPublisher` without a broker, for unit specs: it keeps what it publishes, in order, and
 * while `disconnect`ed it publishes nothing and answers false, as the real one does with the
 * broker away.
 */
export class RecordingEventPublisher extends EventPublisher {
  readonly published: PublishedEvent[] = [];
  private brokerReachable = true;
  private refused = 0;
  private bytes = 0;

  constructor() {
    // No MQTT client: every member that would use one is overridden below.
    super(undefined as never);
  }

  override get connected(): boolean {
    return this.brokerReachable;
  }

  override get publishedCount(): number {
    return this.published.length;
  }

  override get unpublishedCount(): number {
    return this.refused;
  }

  override get publishedBytes(): number {
    return this.bytes;
  }

  override onApplicationBootstrap(): void {
    this.brokerReachable = true;
  }

  override async onApplicationShutdown(): Promise<void> {
    this.brokerReachable = false;
  }

  override async publish(topic: string, payload: unknown, options: PublishOptions = {}): Promise<boolean> {
    if (!this.brokerReachable) {
      this.refused += 1;
      return false;
    }
    // As subscribers would read it: the JSON the broker carries, not the caller's object.
    const json = JSON.stringify(payload);
    this.bytes += Buffer.byteLength(json);
    this.published.push({ topic, payload: JSON.parse(json), options });
    return true;
  }

  /** The payloads published on `topic`, oldest first. */
  payloadsOn(topic: string): unknown[] {
    return this.published.filter((event) => event.topic === topic).map((event) => event.payload);
  }

  /** The broker goes away: nothing is published until `reconnect`. */
  disconnect(): void {
    this.brokerReachable = false;
  }

  reconnect(): void {
    this.brokerReachable = true;
  }
}
