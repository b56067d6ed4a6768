import type { BlockData } from '@eventcast/block-model';
import { RefusedChangeError } from '@eventcast/domain';

/** A block as the device keeps it: every field, read-only ones included, in the device's units. */
export interface DeviceBlock {
  readonly id: string;
  readonly nid: number;
  readonly type: string;
  readonly data: BlockData;
}

/** A block to create: `data` holds every writable field, already normalised (`normaliseWrite`). */
export interface NewDeviceBlock {
  id: string;
  type: string;
  /** Honoured when no other block has it and it is not a system nid; else the device assigns one. */
  nid?: number;
  data: BlockData;
}

/** What a deletion did: the blocks removed, and the remaining blocks whose links to them now read null. */
export interface DeviceDeletion {
  removed: DeviceBlock[];
  relinked: DeviceBlock[];
}

/** Why the device refused an operation on a block. */
export type DeviceRefusal = 'unknown-block' | 'block-exists' | 'system-block';

/**
 * An operation the device cannot do for the block named `blockId`. The service checks for these
 * first; one that still reaches the device (a block deleted meanwhile) is a refused change (422).
 */
export class DeviceBlockError extends RefusedChangeError {
  constructor(
    readonly refusal: DeviceRefusal,
    readonly blockId: string,
    message: string,
  ) {
    super(message);
  }

  static unknownBlock(id: string): DeviceBlockError {
    return new DeviceBlockError('unknown-block', id, `there is no block ${id}`);
  }

  static blockExists(id: string): DeviceBlockError {
    return new DeviceBlockError('block-exists', id, `a block named ${id} exists already`);
  }

  static systemBlockType(id: string, type: string): DeviceBlockError {
    return new DeviceBlockError('system-block', id, `${type} is the type of a system block, which cannot be created`);
  }

  static systemBlockDeleted(id: string): DeviceBlockError {
    return new DeviceBlockError('system-block', id, `${id} is a system block, which cannot be deleted`);
  }
}

/** What the device's periodic work (a tick: reading sensors, running the control loops) has cost since start. */
export interface DeviceWork {
  ticks: number;
  /** Time spent in ticks, in seconds. */
  seconds: number;
  /** Time the last tick took, in seconds. */
  lastSeconds: number;
}

/**
 * The controller device the service manages blocks on. The simulated device implements it today; a
 * driver for real hardware can replace it. Reads answer from the device's current state; changes
 * resolve once the device has taken them (and, for stored data, persisted them).
 */
export abstract class ControllerDevice {
  /** Its ticks so far and the time they took, for the metrics. */
  abstract readonly work: DeviceWork;

  /** Every block, system blocks first, then by nid. */
  abstract blocks(): readonly DeviceBlock[];

  /** The block named `id`, or undefined. */
  abstract find(id: string): DeviceBlock | undefined;

  /** Creates a user block; refuses an existing id (`block-exists`) and system types (`system-block`). */
  abstract create(block: NewDeviceBlock): Promise<DeviceBlock>;

  /** Replaces the writable data of a block (`unknown-block` when there is none). */
  abstract write(id: string, data: BlockData): Promise<DeviceBlock>;

  /** Deletes a user block and clears links to it (`unknown-block`, `system-block`). */
  abstract delete(id: string): Promise<DeviceDeletion>;

  /** Deletes every user block; system blocks stay. */
  abstract deleteAll(): Promise<DeviceDeletion>;

  /** Creates blocks for plugged-in hardware that has none, and returns them. */
  abstract discover(): Promise<DeviceBlock[]>;

  /**
   * Replaces the device's blocks: every user block is removed, system blocks in `blocks` are
   * written, the others created with their nids. Links are taken as given.
   */
  abstract restore(blocks: NewDeviceBlock[]): Promise<DeviceBlock[]>;

  /** Stops the device's work and waits until every change is persisted. */
  abstract close(): Promise<void>;
}
