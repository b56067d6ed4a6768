import { Module } from '@nestjs/common';
import { ControllerStatesModule } from '../../app/controller-states/controller-states.module';
import { DatastoreChangesModule } from '../../app/datastore-changes/datastore-changes.module';
import { MqttBusRelayFeed } from './mqtt-bus-relay-feed';

/** The broker subscription that keeps `ControllerStates` current and feeds `DatastoreChanges`. */
@Module({
  imports: [ControllerStatesModule, DatastoreChangesModule],
  providers: [MqttBusRelayFeed],
})
export class BusRelayFeedModule {}
