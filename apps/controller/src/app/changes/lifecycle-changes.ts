import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventPublisher } from '@eventcast/messaging';
import { ChangeEventPublisher } from './change-event.publisher';

// How often a controller started while the broker is away looks again whether it can say so.
const START_CHECK_MS = 250;

/**
 * Records the controller's start (once its broker connection is up, however late) and its clean
 * stop as change events. A stop without goodbye shows as the last will on the state topic.
 */
@Injectable()
export class LifecycleChanges implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private startCheck?: NodeJS.Timeout;

  constructor(
    private readonly changes: ChangeEventPublisher,
    private readonly publisher: EventPublisher,
  ) {}

  onApplicationBootstrap(): void {
    this.startCheck = setInterval(() => void this.announceStart(), START_CHECK_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.startCheck);
    await this.changes.publishLifecycle('stopped');
  }

  private async announceStart(): Promise<void> {
    if (!this.publisher.connected) return;
    clearInterval(this.startCheck);
    await this.changes.publishLifecycle('started');
  }
}
