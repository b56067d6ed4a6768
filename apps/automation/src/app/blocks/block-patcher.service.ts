import { Injectable } from '@nestjs/common';
import { blockTopic, ORIGIN_MAX_LENGTH } from '@eventcast/domain';
import { EventPublisher } from '@eventcast/messaging';

/** A patch of one block as the controllers take it over MQTT: only the fields of `data` change. */
export interface BlockPatch {
  serviceId: string;
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/**
 * Patches blocks over MQTT (`eventcast/controller/blocks/patch`, docs/events.md "Block
 * operations"). The bus gives no answer: the result shows in the controller's patch event.
 */
@Injectable()
export class BlockPatcher {
  constructor(private readonly publisher: EventPublisher) {}

  /**
   * Publishes `patch` in the name of `origin` (`automation profile Ale`, shown in the controller's
   * change events; cut to the length a controller takes, line breaks made spaces). True once the
   * broker has it, false when it could not be published (the broker away).
   */
  patch(patch: BlockPatch, origin: string): Promise<boolean> {
    const { serviceId, id, type, data } = patch;
    return this.publisher.publish(blockTopic('patch'), { id, serviceId, type, data, origin: originText(origin) });
  }
}

function originText(origin: string): string {
  return origin.replace(/\p{Cc}+/gu, ' ').slice(0, ORIGIN_MAX_LENGTH);
}
