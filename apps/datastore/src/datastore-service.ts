import { brokerAccess, commonStartOptions, ServiceStartOptions } from '@eventcast/bootstrap';
import { mqttTransportOptions, uniqueClientId } from '@eventcast/messaging';
import { AppModule } from './app/app.module';
import { DatastoreConfig } from './config/datastore.config';

/** How the datastore service starts: its routes below `/history/datastore`, under a client id unique to this process. */
export function datastoreService(config: DatastoreConfig): ServiceStartOptions {
  const broker = { ...brokerAccess(config), clientId: uniqueClientId('datastore') };
  return {
    name: 'datastore',
    module: AppModule.forRoot(config, broker),
    prefix: 'history/datastore',
    ...commonStartOptions(config),
    transport: mqttTransportOptions(broker),
    api: {
      title: 'eventcast datastore',
      description: 'JSON documents grouped by namespace; every change is announced on eventcast/datastore/<namespace>.',
      version: '1',
    },
  };
}
