import { Global, Module } from '@nestjs/common';
import { AutomationIncidentsModule } from '../../app/automation-incidents/automation-incidents.module';
import { ControllerStatesModule } from '../../app/controller-states/controller-states.module';
import { DatastoreChangesModule } from '../../app/datastore-changes/datastore-changes.module';
import { ControllerStateBus } from '../../app/ports/controller-state-bus.port';
import { MqttBusRelayFeed } from './mqtt-bus-relay-feed';

/**
 * The broker subscription that keeps `ControllerStates` current and feeds `DatastoreChanges` and
 * `AutomationIncidents`; its
 * connection is also the `ControllerStateBus`, global since the module that needs it is imported here.
 */
@Global()
@Module({
  imports: [ControllerStatesModule, DatastoreChangesModule, AutomationIncidentsModule],
  providers: [MqttBusRelayFeed, { provide: ControllerStateBus, useExisting: MqttBusRelayFeed }],
  exports: [ControllerStateBus],
})
export class BusRelayFeedModule {}
