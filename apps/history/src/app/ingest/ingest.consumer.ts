import { Controller, Type } from '@nestjs/common';
import { Ctx, EventPattern, MqttContext, Payload } from '@nestjs/microservices';
import { isRetainedDelivery, refuseDelivery } from '@eventcast/messaging';
import { HistoryIngestService } from './history-ingest.service';

/**
 * The consumer of every history event delivered on `subscription`. Nest reads a handler's topic
 * from its decorator, so the class is made for the subscription the configuration names.
 */
export function ingestConsumerOn(subscription: string): Type<unknown> {
  @Controller()
  class IngestConsumer {
    constructor(private readonly ingest: HistoryIngestService) {}

    @EventPattern(subscription, { qos: 1 })
    receive(@Payload() payload: unknown, @Ctx() context: MqttContext): void {
      const packet = context.getPacket();
      const outcome = this.ingest.receive({
        topic: context.getTopic(),
        payload,
        bytes: Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
        retained: isRetainedDelivery(context),
      });
      if (!outcome.taken) refuseDelivery(context, outcome.reason);
    }
  }
  return IngestConsumer;
}
