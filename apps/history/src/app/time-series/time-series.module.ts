import { Module } from '@nestjs/common';
import { PingController, SERVICE_HEALTH } from '@eventcast/bootstrap';
import { TimeSeriesStore } from '@eventcast/time-series-store';
import { AutomationIncidentsModule } from '../automation-incidents/automation-incidents.module';
import { AnnotationsModule } from '../annotations/annotations.module';
import { ControllerStatesModule } from '../controller-states/controller-states.module';
import { DatastoreChangesModule } from '../datastore-changes/datastore-changes.module';
import { IngestModule } from '../ingest/ingest.module';
import { KnownFields } from './known-fields.service';
import { StreamGateway } from './stream.gateway';
import { TimeSeriesController } from './time-series.controller';
import { TimeSeriesService } from './time-series.service';

/** The query API below `/history/timeseries`, its WebSocket stream (the page's one socket), and the ping that checks the store. */
@Module({
  imports: [IngestModule, ControllerStatesModule, DatastoreChangesModule, AnnotationsModule, AutomationIncidentsModule],
  controllers: [PingController, TimeSeriesController],
  providers: [TimeSeriesService, KnownFields, StreamGateway, { provide: SERVICE_HEALTH, useExisting: TimeSeriesStore }],
})
export class TimeSeriesModule {}
