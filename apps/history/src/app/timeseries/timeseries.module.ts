import { Module } from '@nestjs/common';
import { PingController, SERVICE_HEALTH } from '@eventcast/bootstrap';
import { TimeSeriesStore } from '@eventcast/time-series-store';
import { IngestModule } from '../ingest/ingest.module';
import { StreamGateway } from './stream.gateway';
import { TimeseriesController } from './timeseries.controller';
import { TimeseriesService } from './timeseries.service';

/** The query API below `/history/timeseries`, its WebSocket stream, and the ping that checks the store. */
@Module({
  imports: [IngestModule],
  controllers: [PingController, TimeseriesController],
  providers: [TimeseriesService, StreamGateway, { provide: SERVICE_HEALTH, useExisting: TimeSeriesStore }],
})
export class TimeseriesModule {}
