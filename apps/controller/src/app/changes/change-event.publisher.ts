import { Inject, Injectable } from '@nestjs/common';
import {
  Block,
  CONTROLLER_CHANGE_EVENT_TYPE,
  ControllerChangeEvent,
  ChangeKind,
  ChangeOrigin,
  stateChangesTopic,
} from '@eventcast/domain';
import { EventPublisher } from '@eventcast/messaging';
import { ControllerConfig } from '../../config/controller.config';
import { blockChanges } from './block-changes.util';

/** Announces on `eventcast/state/<service id>/changes` what each operation changed, once the device has stored it (docs/events.md). */
@Injectable()
export class ChangeEventPublisher {
  constructor(
    @Inject(ControllerConfig) private readonly config: ControllerConfig,
    private readonly publisher: EventPublisher,
  ) {}

  /**
   * Publishes the change event of one operation, given the views of the blocks it may have touched
   * before and after it: nothing when it changed nothing, but for a backup loaded, which is
   * recorded even when the controller held the backup's blocks already. Not awaited: the change is
   * done, and a broker outage is logged and counted by the publisher.
   */
  publishBlocks(kind: ChangeKind, origin: ChangeOrigin, before: readonly Block[], after: readonly Block[]): void {
    const blocks = blockChanges(before, after);
    if (blocks.length > 0 || kind === 'backup loaded')
      void this.publisher.publish(stateChangesTopic(this.config.serviceId), this.event(kind, origin, blocks), {
        qos: 1,
      });
  }

  /** Publishes a change of the controller itself (`started`, `stopped`); true once the broker has it. */
  publishLifecycle(kind: 'started' | 'stopped'): Promise<boolean> {
    return this.publisher.publish(
      stateChangesTopic(this.config.serviceId),
      this.event(kind, { via: 'controller' }, []),
      { qos: 1 },
    );
  }

  private event(
    kind: ChangeKind,
    origin: ChangeOrigin,
    blocks: ControllerChangeEvent['data']['blocks'],
  ): ControllerChangeEvent {
    return {
      key: this.config.serviceId,
      type: CONTROLLER_CHANGE_EVENT_TYPE,
      data: { time: new Date().toISOString(), kind, blocks, origin },
    };
  }
}
