import { Module } from '@nestjs/common';
import { HistoryIngestService } from './history-ingest.service';
import { HistoryWriter } from './history-writer.service';

/** MQTT ingest of history events into the time-series store; its consumer is `IngestConsumerModule`. */
@Module({
  providers: [HistoryIngestService, HistoryWriter],
  exports: [HistoryIngestService, HistoryWriter],
})
export class IngestModule {}
