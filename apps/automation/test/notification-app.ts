import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TelemetryModule } from '@eventcast/bootstrap';
import { MessagingModule, uniqueClientId } from '@eventcast/messaging';
import { NotificationDelivery } from '../src/app/notifications/notification-delivery.service';
import { NotificationsModule } from '../src/app/notifications/notifications.module';
import { AutomationStore } from '../src/app/ports/automation-store.port';
import { AutomationStoreChoice, AutomationStoreModule } from '../src/infra/automation-store.module';

/** The notifications part of the automation service, running as the app wires it. */
export interface NotificationApp {
  context: INestApplicationContext;
  store: AutomationStore;
  delivery: NotificationDelivery;
}

/**
 * Starts the store, the delivery and the publisher as `app.module.ts` puts them together, on the
 * broker at `brokerUrl`, with the service's delivery defaults; `close` stops them as SIGTERM would.
 */
export async function startNotificationApp(choice: AutomationStoreChoice, brokerUrl: string): Promise<NotificationApp> {
  const context = await NestFactory.createApplicationContext(
    {
      module: class NotificationTestModule {},
      imports: [
        TelemetryModule,
        MessagingModule.forRoot({ url: brokerUrl, clientId: uniqueClientId('automation-test') }),
        AutomationStoreModule.forRoot(choice),
        NotificationsModule.forRoot(),
      ],
    },
    { logger: ['error', 'warn'] },
  );
  await context.init();
  return { context, store: context.get(AutomationStore), delivery: context.get(NotificationDelivery) };
}
