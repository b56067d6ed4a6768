import { Injectable } from '@nestjs/common';
import {
  PATCH_EVENT_TYPE,
  removedController,
  STATE_EVENT_TYPE,
  STATE_TOPIC,
  type PatchEvent,
  type RemovedEvent,
  type StateEvent,
} from '@eventcast/domain';
import { BusRelay } from '../bus-relay';

/**
 * What the controller stream relays: a controller's state event (its last will included), a patch
 * event, or the removed event of a controller whose retained state was cleared.
 */
export type ControllerEvent = StateEvent | PatchEvent | RemovedEvent;

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
    const event = parsed(payload);
    if (event?.key !== serviceId) return;
    if (patch) {
      if (isPatchEvent(event)) this.relay(event);
    } else if (isStateEvent(event)) {
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

function parsed(payload: string): Partial<ControllerEvent> | undefined {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isStateEvent(event: Partial<ControllerEvent>): event is StateEvent {
  return event.type === STATE_EVENT_TYPE && (event.data === null || isObject(event.data));
}

function isPatchEvent(event: Partial<ControllerEvent>): event is PatchEvent {
  return event.type === PATCH_EVENT_TYPE && isObject(event.data);
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
