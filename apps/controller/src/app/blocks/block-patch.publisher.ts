import { Inject, Injectable } from '@nestjs/common';
import { Block, PATCH_EVENT_TYPE, PatchEvent, statePatchTopic } from '@eventcast/domain';
import { EventPublisher } from '@eventcast/messaging';
import { ControllerConfig } from '../../config/controller.config';

/** Announces every block change on `eventcast/state/<service id>/patch`. */
@Injectable()
export class BlockPatchPublisher {
  constructor(
    @Inject(ControllerConfig) private readonly config: ControllerConfig,
    private readonly publisher: EventPublisher,
  ) {}

  /**
   * Publishes the blocks created or changed (in full) and the ids deleted by one operation. Not
   * awaited: the change is done, and a broker outage is logged and counted by the publisher.
   */
  publish(changed: Block[], deleted: string[] = []): void {
    if (changed.length === 0 && deleted.length === 0) return;
    const event: PatchEvent = { key: this.config.serviceId, type: PATCH_EVENT_TYPE, data: { changed, deleted } };
    void this.publisher.publish(statePatchTopic(this.config.serviceId), event, { qos: 1 });
  }
}
