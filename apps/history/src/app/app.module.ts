import { DynamicModule, Module } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { AnnotationsModule } from './annotations/annotations.module';
import { HistoryConfig } from '../config/history.config';
import { BusRelayFeedModule } from '../infra/bus-relay-feed/bus-relay-feed.module';
import { TimeSeriesStoreModule } from '../infra/time-series-store.module';
import { ControllerStatesModule } from './controller-states/controller-states.module';
import { DatastoreChangesModule } from './datastore-changes/datastore-changes.module';
import { IngestConsumerModule } from './ingest/ingest-consumer.module';
import { SessionBacklog } from './ingest/session-backlog';
import { TimeSeriesModule } from './time-series/time-series.module';

/** The history service: MQTT ingest into the time-series store, the query API over it, and the controllers' states and the datastore's changes relayed. */
@Module({})
export class AppModule {
  /** `backlog` is the one the MQTT server feeds; its count is a metric. */
  static forRoot(config: HistoryConfig, backlog = new SessionBacklog(config.mqttClientId)): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        TimeSeriesStoreModule.forRoot(config),
        IngestConsumerModule.forRoot(config.mqttShareGroup),
        TimeSeriesModule,
        AnnotationsModule,
        ControllerStatesModule,
        DatastoreChangesModule,
        BusRelayFeedModule,
        RouterModule.register([
          { path: 'timeseries', module: TimeSeriesModule },
          { path: 'annotations', module: AnnotationsModule },
          { path: 'controllers', module: ControllerStatesModule },
        ]),
      ],
      providers: [
        { provide: HistoryConfig, useValue: config },
        { provide: SessionBacklog, useValue: backlog },
      ],
      exports: [HistoryConfig, SessionBacklog],
    };
  }
}
