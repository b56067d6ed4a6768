import { Injectable } from '@nestjs/common';
import { PATCH_EVENT_TYPE, removedController, STATE_EVENT_TYPE, STATE_TOPIC, type StateEvent } from '@eventcast/domain';
import { readControllerEvent, type ControllerEvent } from '@eventcast/live-stream';
import { BusRelay } from '../live/bus-relay';

const STATE_TOPIC_PATTERN = new RegExp(`^${STATE_TOPIC}/([^/]+)(/patch)?$`);

/**
 * The controllers on the bus as their state events tell: the latest state event of each (retained
 * on the broker, so every controller's arrives when the feed subscribes), and every state and patch
 * event passed on to the listeners as it comes. A payload that is not a controller's event for
 * its own topic is passed over: it is the controllers' bus, not input to this service.
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
      if (event.type === PATCH_EVENT_TYPE) this.relay(event);
    } else if (event.type === STATE_EVENT_TYPE) {
      this.states.set(serviceId, event);
      this.relay(event);
    }
  }

  /** The latest state event of `serviceId`, or undefined for a controller not known. */
  stateOf(serviceId: string): StateEvent | undefined {
    return this.states.get(serviceId);
  }

  /** The latest state event of every controller known, in the order of their ids. */
  latest(): StateEvent[] {
    return [...this.states.keys()].sort().map((id) => this.states.get(id) as StateEvent);
  }
}
