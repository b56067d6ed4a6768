import { Module } from '@nestjs/common';
import { HistoryIngestService } from './history-ingest.service';
import { HistoryWriter } from './history-writer.service';
import { IngestConsumer } from './ingest.consumer';

/** MQTT ingest of history events into the time-series store. */
@Module({
  controllers: [IngestConsumer],
  providers: [HistoryIngestService, HistoryWriter],
  exports: [HistoryWriter],
})
export class IngestModule {}
