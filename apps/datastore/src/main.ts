import { launch } from '@eventcast/bootstrap';
import { mqttTransportOptions, uniqueClientId } from '@eventcast/messaging';
import { AppModule } from './app/app.module';
import { readDatastoreConfig } from './config/datastore.config';

void launch(readDatastoreConfig, (config) => {
  const broker = { url: config.mqttUrl, clientId: uniqueClientId('datastore') };
  return {
    name: 'datastore',
    module: AppModule.forRoot(config, broker),
    prefix: 'history/datastore',
    port: config.port,
    mqttUrl: config.mqttUrl,
    transport: mqttTransportOptions(broker),
    api: {
      title: 'eventcast datastore',
      description: 'JSON documents grouped by namespace; every change is announced on eventcast/datastore/<namespace>.',
      version: '1',
    },
  };
});
