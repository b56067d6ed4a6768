import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { blockRelations } from '@eventcast/block-model';
import {
  disconnectedState,
  HistoryEvent,
  historyTopic,
  STATE_EVENT_TYPE,
  StateEvent,
  stateTopic,
} from '@eventcast/domain';
import { EventPublisher } from '@eventcast/messaging';
import { ControllerConfig } from '../../config/controller.config';
import { BlocksService } from '../blocks/blocks.service';
import { UserUnitsService } from '../units/user-units.service';

/**
 * Every `BROADCAST_INTERVAL_MS`: the state event (retained, all block data and the links between
 * blocks) and the history event (not retained, the logged data of every block by block id). At a
 * clean shutdown it publishes the state event of its last will (`data: null`) before the
 * connection closes, so subscribers see the service gone either way.
 */
@Injectable()
export class BroadcastService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer?: NodeJS.Timeout;

  /** The broadcasts done since start-up (skipped ones not counted), the time they took and the size of the last, for the metrics. */
  readonly stats = { broadcasts: 0, seconds: 0, lastSeconds: 0, lastBytes: 0 };

  constructor(
    @Inject(ControllerConfig) private readonly config: ControllerConfig,
    private readonly blocks: BlocksService,
    private readonly units: UserUnitsService,
    private readonly publisher: EventPublisher,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.broadcast(), this.config.broadcastIntervalMs);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.publisher.publish(stateTopic(this.config.serviceId), disconnectedState(this.config.serviceId), {
      qos: 1,
      retain: true,
    });
  }

  /** Publishes one state event and one history event; skipped while the broker is away. */
  async broadcast(): Promise<void> {
    if (!this.publisher.connected) return;
    const start = performance.now();
    const bytesBefore = this.publisher.publishedBytes;
    await Promise.all([
      this.publisher.publish(stateTopic(this.config.serviceId), this.stateEvent(), { qos: 1, retain: true }),
      this.publisher.publish(historyTopic(this.config.serviceId), this.historyEvent(), { qos: 1 }),
    ]);
    const seconds = (performance.now() - start) / 1000;
    this.stats.broadcasts += 1;
    this.stats.seconds += seconds;
    this.stats.lastSeconds = seconds;
    // A patch event published meanwhile would be counted too; broadcasts are what dominates.
    this.stats.lastBytes = this.publisher.publishedBytes - bytesBefore;
  }

  stateEvent(): StateEvent {
    const blocks = this.blocks.readAll();
    const info = blocks.find((block) => block.type === 'SysInfo')?.data ?? {};
    const status = {
      connected: true as const,
      deviceId: String(info.deviceId),
      version: String(info.version),
      temperatureUnit: this.units.temperature,
    };
    return {
      key: this.config.serviceId,
      type: STATE_EVENT_TYPE,
      data: { status, blocks, relations: blockRelations(blocks) },
    };
  }

  historyEvent(): HistoryEvent {
    const data: Record<string, unknown> = {};
    for (const block of this.blocks.readAllLogged()) data[block.id] = block.data;
    return { key: this.config.serviceId, data };
  }
}
