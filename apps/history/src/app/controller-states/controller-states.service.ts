import { Injectable } from '@nestjs/common';
import { blockRelations, patchedBlocks } from '@eventcast/block-model';
import {
  type BlockPatch,
  PATCH_EVENT_TYPE,
  removedController,
  STATE_EVENT_TYPE,
  STATE_TOPIC,
  type StateEvent,
} from '@eventcast/domain';
import { readControllerEvent, type ControllerEvent } from '@eventcast/live-stream';
import { BusRelay } from '../live/bus-relay';

const STATE_TOPIC_PATTERN = new RegExp(`^${STATE_TOPIC}/([^/]+)(/patch)?$`);

/**
 * The controllers on the bus as their events tell: the latest state event of each (retained on the
 * broker, so every controller's arrives when the feed subscribes) with the patch events since
 * applied to its blocks, so a page that opens just after a block changed sees the change before the
 * next state event; and every state and patch event passed on to the listeners as it comes. A
 * payload that is not a controller's event for its own topic is passed over: it is the
 * controllers' bus, not input to this service.
 */
@Injectable()
export class ControllerStates extends BusRelay<ControllerEvent> {
  private readonly states = new Map<string, StateEvent>();

  /**
   * The broker connection dropped: the states known are forgotten (the retained ones come again
   * with the next subscription) and the listeners told, since they would otherwise wait unaware.
   */
  override lost(): void {
    this.states.clear();
    super.lost();
  }

  /** A message of `eventcast/state/#`, its payload as text. */
  receive(topic: string, payload: string): void {
    const match = STATE_TOPIC_PATTERN.exec(topic);
    if (!match) return;
    const [, serviceId, patch] = match;
    // An empty retained payload is how a retained state is removed from the broker: the controller is gone for good.
    if (payload === '' && !patch) {
      if (this.states.delete(serviceId)) this.relay(removedController(serviceId));
      return;
    }
    const event = readControllerEvent(payload);
    if (event?.key !== serviceId) return;
    if (patch) {
      if (event.type !== PATCH_EVENT_TYPE) return;
      this.applyPatch(serviceId, event.data);
      this.relay(event);
    } else if (event.type === STATE_EVENT_TYPE) {
      this.states.set(serviceId, event);
      this.relay(event);
    }
  }

  /**
   * The blocks (and their links) of an online controller's latest state after `patch`; a patch of
   * one not known or offline waits for its state event, as on the pages.
   */
  private applyPatch(serviceId: string, patch: BlockPatch): void {
    const state = this.states.get(serviceId);
    if (!state?.data) return;
    const blocks = patchedBlocks(state.data.blocks, patch);
    this.states.set(serviceId, { ...state, data: { ...state.data, blocks, relations: blockRelations(blocks) } });
  }

  /** The latest state of `serviceId` (its state event, patched since), or undefined for a controller not known. */
  stateOf(serviceId: string): StateEvent | undefined {
    return this.states.get(serviceId);
  }

  /** The latest state of every controller known (its state event, patched since), in the order of their ids. */
  latest(): StateEvent[] {
    return [...this.states.keys()].sort().map((id) => this.states.get(id) as StateEvent);
  }
}
