import { launch } from '@eventcast/bootstrap';
import { mqttTransportOptions } from '@eventcast/messaging';
import { AppModule } from './app/app.module';
import { readHistoryConfig } from './config/history.config';

void launch(readHistoryConfig, (config) => ({
  name: 'history',
  module: AppModule.forRoot(config),
  prefix: 'history',
  port: config.port,
  mqttUrl: config.mqttUrl,
  transport: mqttTransportOptions({ url: config.mqttUrl, clientId: config.mqttClientId, persistentSession: true }),
  api: {
    title: 'eventcast history',
    description: 'Stores the numeric values of history events published on eventcast/history/# and answers queries over them.',
    version: '1',
  },
}));
