import { launch } from '@eventcast/bootstrap';
import { mqttTransportOptions, uniqueClientId } from '@eventcast/messaging';
import { AppModule } from './app/app.module';
import { readControllerConfig } from './config/controller.config';

void launch(readControllerConfig, (config) => {
  const broker = { url: config.mqttUrl, clientId: uniqueClientId(config.serviceId) };
  return {
    name: `controller ${config.serviceId}`,
    module: AppModule.forRoot(config, broker),
    prefix: config.serviceId,
    port: config.port,
    mqttUrl: config.mqttUrl,
    transport: mqttTransportOptions(broker),
    api: {
      title: `eventcast controller ${config.serviceId}`,
      description: 'Blocks of one controller: create, read, write, patch, delete, discover, backup and restore.',
      version: '1',
    },
  };
});
