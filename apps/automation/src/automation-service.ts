import { brokerAccess, commonStartOptions, ServiceStartOptions } from '@eventcast/bootstrap';
import { mqttTransportOptions, uniqueClientId } from '@eventcast/messaging';
import { AppModule } from './app/app.module';
import { AutomationConfig } from './config/automation.config';

/** How the automation service starts: its routes below `/automation`, under a client id unique to this process. */
export function automationService(config: AutomationConfig): ServiceStartOptions {
  const broker = { ...brokerAccess(config), clientId: uniqueClientId('automation') };
  return {
    name: 'automation',
    module: AppModule.forRoot(config, broker),
    prefix: 'automation',
    ...commonStartOptions(config),
    transport: mqttTransportOptions(broker),
    api: {
      title: 'eventcast automation',
      description:
        'Rules that watch the bus and notify, patch blocks or run profiles; their incidents; fermentation profiles.',
      version: '1',
    },
  };
}
