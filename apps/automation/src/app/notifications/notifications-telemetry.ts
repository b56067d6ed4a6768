import { Injectable, OnModuleInit } from '@nestjs/common';
import { ServiceMetrics, ServiceReadiness } from '@eventcast/bootstrap';
import { AutomationStore } from '../ports/automation-store.port';
import { NotificationDelivery } from './notification-delivery.service';

const PREFIX = 'eventcast_automation_notifications_';

/**
 * The notifications' metrics, read when Prometheus scrapes: sent, retried (failed attempts to be
 * tried again) and dropped (refused by their receiver for good); readiness asks the store.
 */
@Injectable()
export class NotificationsTelemetry implements OnModuleInit {
  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly readiness: ServiceReadiness,
    private readonly store: AutomationStore,
    private readonly delivery: NotificationDelivery,
  ) {}

  onModuleInit(): void {
    const { stats } = this.delivery;
    const help = {
      sent: 'Notifications their receiver (a webhook, the broker) took.',
      retried: 'Failed attempts to deliver a notification, each to be tried again after a wait.',
      dropped: 'Notifications their receiver refused for good (a 4xx other than 408 and 429), taken off the outbox.',
    };
    for (const kind of ['sent', 'retried', 'dropped'] as const)
      this.metrics.counter({ name: `${PREFIX}${kind}_total`, help: help[kind], read: () => stats[kind] });
    this.readiness.register('store', () => this.store.ping());
  }
}
