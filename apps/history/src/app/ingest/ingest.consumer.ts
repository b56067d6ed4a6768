import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, MqttContext, Payload } from '@nestjs/microservices';
import { HISTORY_SUBSCRIPTION } from '@eventcast/domain';
import { isRetainedDelivery } from '@eventcast/messaging';
import { HistoryIngestService } from './history-ingest.service';

/** Receives every history event published below `eventcast/history/`. */
@Controller()
export class IngestConsumer {
  constructor(private readonly ingest: HistoryIngestService) {}

  @EventPattern(HISTORY_SUBSCRIPTION, { qos: 1 })
  receive(@Payload() payload: unknown, @Ctx() context: MqttContext): void {
    this.ingest.receive(context.getTopic(), payload, isRetainedDelivery(context));
  }
}
