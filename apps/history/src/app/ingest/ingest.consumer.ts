import { Controller, Type } from '@nestjs/common';
import { Ctx, EventPattern, MqttContext, Payload } from '@nestjs/microservices';
import { isRetainedDelivery, refuseDelivery } from '@eventcast/messaging';
import { HistoryDelivery, HistoryIngestService, IngestOutcome } from './history-ingest.service';

/**
 * The consumer of every history event delivered on `subscription`, and of every change event on
 * `changes`. Nest reads a handler's topic from its decorator, so the class is made for the
 * subscriptions the configuration names.
 */
export function ingestConsumerOn(subscription: string, changes: string): Type<unknown> {
  @Controller()
  class IngestConsumer {
    constructor(private readonly ingest: HistoryIngestService) {}

    @EventPattern(subscription, { qos: 1 })
    receive(@Payload() payload: unknown, @Ctx() context: MqttContext): void {
      settle(context, this.ingest.receive(delivery(payload, context)));
    }

    @EventPattern(changes, { qos: 1 })
    receiveChange(@Payload() payload: unknown, @Ctx() context: MqttContext): void {
      settle(context, this.ingest.receiveChange(delivery(payload, context)));
    }
  }
  return IngestConsumer;
}

function delivery(payload: unknown, context: MqttContext): HistoryDelivery {
  const packet = context.getPacket();
  return {
    topic: context.getTopic(),
    payload,
    bytes: Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
    retained: isRetainedDelivery(context),
  };
}

function settle(context: MqttContext, outcome: IngestOutcome): void {
  if (!outcome.taken) refuseDelivery(context, outcome.reason);
}
