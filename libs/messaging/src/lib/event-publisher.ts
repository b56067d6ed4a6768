import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MqttRecordBuilder } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import { ResilientMqttClient } from './resilient-mqtt.client';

export const MQTT_PUBLISHER_CLIENT = Symbol('MqttPublisherClient');

/** How one message is published. */
export interface PublishOptions {
  qos?: 0 | 1 | 2;
  retain?: boolean;
}

/**
 * Publishes events as plain JSON through the Nest MQTT client. A message that cannot be published
 * (broker down) is logged and counted, never thrown at the caller: the write that caused it has
 * already happened and stays done.
 */
@Injectable()
export class EventPublisher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EventPublisher.name);
  private publishedMessages = 0;
  private unpublished = 0;

  constructor(@Inject(MQTT_PUBLISHER_CLIENT) private readonly client: ResilientMqttClient) {}

  onApplicationBootstrap(): void {
    // Connect at start-up rather than on the first message, so the last will is registered early.
    this.client.connect().catch((error: unknown) => this.logger.warn(`broker not reachable yet: ${String(error)}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }

  /** Whether messages can be published right now. */
  get connected(): boolean {
    return this.client.isConnected;
  }

  /** Messages the broker has taken since start-up. */
  get publishedCount(): number {
    return this.publishedMessages;
  }

  /** Bytes of the payloads handed to the broker connection since start-up. */
  get publishedBytes(): number {
    return this.client.serializedBytes;
  }

  /** Messages that could not be published since start-up. */
  get unpublishedCount(): number {
    return this.unpublished;
  }

  /** Publishes `payload` as JSON; true once the broker has it, false when it could not be published. */
  async publish(topic: string, payload: unknown, options: PublishOptions = {}): Promise<boolean> {
    if (!this.connected) return this.reportUnpublished(topic, 'the broker is not connected');
    const record = new MqttRecordBuilder(payload)
      .setQoS(options.qos ?? 1)
      .setRetain(options.retain ?? false)
      .build();
    try {
      await lastValueFrom(this.client.emit(topic, record), { defaultValue: undefined });
      this.publishedMessages += 1;
      return true;
    } catch (error) {
      return this.reportUnpublished(topic, String(error));
    }
  }

  private reportUnpublished(topic: string, reason: string): false {
    this.unpublished += 1;
    this.logger.warn(`could not publish on ${topic}: ${reason} (${this.unpublished} unpublished since start)`);
    return false;
  }
}
