import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ServiceMetrics, ServiceReadiness } from '@eventcast/bootstrap';
import { EventPublisher } from '@eventcast/messaging';
import { ControllerDevice } from '../ports/controller-device.port';
import { Datastore } from '../ports/datastore.port';
import { BroadcastService } from './broadcast.service';

const PREFIX = 'eventcast_controller_';

/**
 * The controller's metrics and readiness: blocks on the device, broadcasts and the events published,
 * read from what the device, the broadcast and the publisher keep when Prometheus scrapes; readiness
 * asks the datastore (its ping, through the client) and the device.
 */
@Injectable()
export class ControllerTelemetry implements OnModuleInit {
  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly readiness: ServiceReadiness,
    private readonly broadcast: BroadcastService,
    private readonly publisher: EventPublisher,
    @Inject(ControllerDevice) private readonly device: ControllerDevice,
    @Inject(Datastore) private readonly datastore: Datastore,
  ) {}

  onModuleInit(): void {
    const { metrics, broadcast, publisher, device } = this;
    metrics.gauge({
      name: `${PREFIX}blocks`,
      help: 'Blocks on the device.',
      read: () => device.blocks().length,
    });
    metrics.counter({
      name: `${PREFIX}device_ticks_total`,
      help: 'Ticks of the device: its sensors read and its control loops run.',
      read: () => device.work.ticks,
    });
    metrics.counter({
      name: `${PREFIX}device_tick_duration_seconds_total`,
      help: 'Time spent in device ticks; divided by device_ticks_total, the mean duration.',
      read: () => device.work.seconds,
    });
    metrics.gauge({
      name: `${PREFIX}device_tick_last_duration_seconds`,
      help: 'Time the last device tick took.',
      read: () => device.work.lastSeconds,
    });
    metrics.counter({
      name: `${PREFIX}broadcasts_total`,
      help: 'State and history broadcasts done (those skipped while the broker is away are not counted).',
      read: () => broadcast.stats.broadcasts,
    });
    metrics.counter({
      name: `${PREFIX}broadcast_duration_seconds_total`,
      help: 'Time spent building and publishing the broadcasts; divided by broadcasts_total, the mean duration.',
      read: () => broadcast.stats.seconds,
    });
    metrics.gauge({
      name: `${PREFIX}broadcast_last_duration_seconds`,
      help: 'Time the last broadcast took to build and publish.',
      read: () => broadcast.stats.lastSeconds,
    });
    metrics.gauge({
      name: `${PREFIX}broadcast_last_bytes`,
      help: 'Size of the payloads of the last broadcast: its state and history events, as JSON.',
      read: () => broadcast.stats.lastBytes,
    });
    metrics.counter({
      name: `${PREFIX}events_published_bytes_total`,
      help: 'Bytes of the event payloads handed to the broker connection.',
      read: () => publisher.publishedBytes,
    });
    metrics.counter({
      name: `${PREFIX}events_published_total`,
      help: 'Events (state, history, block patches) the broker has taken.',
      read: () => publisher.publishedCount,
    });
    metrics.counter({
      name: `${PREFIX}events_unpublished_total`,
      help: 'Events that could not be published (broker away).',
      read: () => publisher.unpublishedCount,
    });
    this.readiness.register('datastore', () => this.datastore.check());
    this.readiness.register('device', async () => {
      device.blocks();
    });
  }
}
