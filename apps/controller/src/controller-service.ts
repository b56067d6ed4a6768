import { brokerAccess, commonStartOptions, ServiceStartOptions } from '@eventcast/bootstrap';
import { BrokerConnection, mqttTransportOptions, uniqueClientId } from '@eventcast/messaging';
import { disconnectedState, stateTopic } from '@eventcast/domain';
import { AppModule } from './app/app.module';
import { ControllerConfig } from './config/controller.config';
import { acceptEmptyJsonBodies } from './empty-json-body';

/**
 * The broker connection of a controller service, under a client id unique to this process. Its
 * last will is the retained state event with `data: null`: when the process dies, the broker
 * tells every subscriber that the controller is gone.
 */
export function controllerBroker(config: ControllerConfig): BrokerConnection {
  const will = {
    topic: stateTopic(config.serviceId),
    payload: disconnectedState(config.serviceId),
    qos: 1 as const,
    retain: true,
  };
  return { ...brokerAccess(config), clientId: uniqueClientId(config.serviceId), will };
}

/** How a controller service starts: its routes below `/<SERVICE_ID>`. */
export function controllerService(config: ControllerConfig): ServiceStartOptions {
  const broker = controllerBroker(config);
  return {
    name: `controller ${config.serviceId}`,
    module: AppModule.forRoot(config, broker),
    prefix: config.serviceId,
    ...commonStartOptions(config),
    transport: mqttTransportOptions(broker),
    api: {
      title: `eventcast controller ${config.serviceId}`,
      description: 'Blocks of one controller: create, read, write, patch, delete, discover, backup and restore.',
      version: '1',
    },
    configure: acceptEmptyJsonBodies,
  };
}
