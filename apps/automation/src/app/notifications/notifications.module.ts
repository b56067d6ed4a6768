import { DynamicModule, Module } from '@nestjs/common';
import { DELIVERY_OPTIONS, DeliveryOptions, NotificationDelivery } from './notification-delivery.service';
import { NotificationsTelemetry } from './notifications-telemetry';

/**
 * The delivery that drains the outbox of the `AutomationStore`, which `AutomationStoreModule.forRoot`
 * (in `infra/`, imported by `app.module.ts`) provides; it also needs the app's `EventPublisher`
 * (`MessagingModule`) and telemetry (`ServiceMetrics`, `ServiceReadiness`). Delivery stops in
 * `onModuleDestroy`, before the store closes (`onApplicationShutdown`), so nothing is written to a
 * closed store.
 */
@Module({})
export class NotificationsModule {
  static forRoot(delivery: Partial<DeliveryOptions> = {}): DynamicModule {
    return {
      module: NotificationsModule,
      providers: [{ provide: DELIVERY_OPTIONS, useValue: delivery }, NotificationDelivery, NotificationsTelemetry],
      exports: [NotificationDelivery],
    };
  }
}
