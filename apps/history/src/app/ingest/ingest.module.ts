import { join } from 'node:path';
import { Logger, Module } from '@nestjs/common';
import { HistoryConfig } from '../../config/history.config';
import { HistoryIngestService } from './history-ingest.service';
import { HistoryTelemetry } from './history-telemetry';
import { HistoryWriter } from './history-writer.service';
import { EventSpool } from './spool/event-spool';

/** Segment files of the spool are this large before the next one begins. */
const SPOOL_SEGMENT_BYTES = 64 * 1024 * 1024;

/** The spool of received events, in `<DATA_DIR>/history-spool` (docs/history.md, "Durable ingest"). */
function openSpool(config: HistoryConfig): EventSpool {
  const logger = new Logger(EventSpool.name);
  return EventSpool.open(join(config.dataDir, 'history-spool'), {
    segmentBytes: SPOOL_SEGMENT_BYTES,
    maxBytes: config.spoolMaxBytes,
    syncEveryMs: config.spoolSyncMs,
    onSkipped: (segment, offset, bytes) =>
      logger.error(`skipped ${bytes} bytes of a torn or damaged record at ${offset} of spool segment ${segment}`),
  });
}

/** MQTT ingest of history events into the time-series store; its consumer is `IngestConsumerModule`. */
@Module({
  providers: [
    HistoryIngestService,
    HistoryWriter,
    HistoryTelemetry,
    { provide: EventSpool, useFactory: openSpool, inject: [HistoryConfig] },
  ],
  exports: [HistoryIngestService, HistoryWriter],
})
export class IngestModule {}
