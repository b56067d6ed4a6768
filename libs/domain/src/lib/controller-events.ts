import type { Block } from './block.type';

/** `type` of the retained state event on `eventcast/state/<service id>`, and of its last will. */
export const STATE_EVENT_TYPE = 'Controller.state';

/** `type` of the block changes on `eventcast/state/<service id>/patch`. */
export const PATCH_EVENT_TYPE = 'Controller.patch';

/**
 * `type` of the event the history service's controller stream sends when a controller's retained
 * state was cleared from the broker (an empty retained message on its state topic): the controller
 * was removed for good. No controller publishes it.
 */
export const REMOVED_EVENT_TYPE = 'Controller.removed';

/** A link from one block to another: `source`'s field `relation` points to `target`. */
export interface BlockRelation {
  source: string;
  target: string;
  /** The path of the link field in the source block's data, e.g. `["sensorId"]`. */
  relation: string[];
}

/** How the controller is doing, as the state event tells it. */
export interface ControllerStatus {
  connected: true;
  deviceId: string;
  version: string;
  /** The unit every temperature of the event is in. */
  temperatureUnit: string;
}

/** The payload of a state event; `data` is null in the last will and at a clean shutdown. */
export interface StateEvent {
  key: string;
  type: typeof STATE_EVENT_TYPE;
  data: { status: ControllerStatus; blocks: Block[]; relations: BlockRelation[] } | null;
}

/** The block changes of one operation: blocks created or changed (in full) and ids deleted. */
export interface BlockPatch {
  changed: Block[];
  deleted: string[];
}

/** The payload of a patch event. */
export interface PatchEvent {
  key: string;
  type: typeof PATCH_EVENT_TYPE;
  data: BlockPatch;
}

/** The state event that says the controller service is gone: its last will, and its goodbye. */
export function disconnectedState(serviceId: string): StateEvent {
  return { key: serviceId, type: STATE_EVENT_TYPE, data: null };
}

/** The controller stream's word that a controller was removed from the broker: pages forget it. */
export interface RemovedEvent {
  key: string;
  type: typeof REMOVED_EVENT_TYPE;
}

/** The removed event of `serviceId`. */
export function removedController(serviceId: string): RemovedEvent {
  return { key: serviceId, type: REMOVED_EVENT_TYPE };
}
