import { BlockData, implementsInterface } from '@eventcast/block-model';
import type { FridgeModel } from './fridge-model';
import { linkedId } from './sim-values.util';

/** A block as the simulation changes it: its data is updated in place. */
export interface SimBlock {
  readonly id: string;
  readonly nid: number;
  readonly type: string;
  data: BlockData;
}

/** What the simulation remembers of a block between ticks, beside its data. */
export interface BlockMemory {
  /** When a digital actuator last changed state. */
  toggledAtMs?: number;
  /** When the current PWM period started, and how long the actuator was on within it. */
  periodStartMs?: number;
  onMs?: number;
  /** The PID's input value at the previous tick, for the derivative. */
  previousInput?: number;
}

/** The simulated device's state that a tick works on. */
export interface SimulationWorld {
  /** Every block, in nid order. */
  readonly blocks: readonly SimBlock[];
  readonly byId: ReadonlyMap<string, SimBlock>;
  /** Addresses of the plugged-in hardware. */
  readonly plugged: ReadonlySet<string>;
  readonly memory: Map<string, BlockMemory>;
  readonly startedMs: number;
  /** Seconds since the previous tick, which may pass in several steps; 0 when a change is only settled. */
  readonly tickIntervalS: number;
  /** The thermal model of a fridge, when one is configured: the OneWire sensors it names read its temperatures. */
  readonly fridge?: FridgeModel;
}

/**
 * One pass of the simulation: the time, the blocks by type, and what the blocks that claim
 * others decided this pass (`driven`: a setting for an analog actuator or setpoint, a state for a
 * digital actuator).
 */
export class TickContext {
  readonly driven = new Map<string, number | string>();
  private readonly byType = new Map<string, SimBlock[]>();

  constructor(
    readonly world: SimulationWorld,
    readonly nowMs: number,
    /** Seconds since the previous tick; 0 when the pass only settles a change. */
    readonly dtS: number,
  ) {
    for (const block of world.blocks) {
      const list = this.byType.get(block.type);
      if (list) list.push(block);
      else this.byType.set(block.type, [block]);
    }
  }

  /** Seconds since the epoch. */
  get nowS(): number {
    return this.nowMs / 1000;
  }

  ofType(type: string): readonly SimBlock[] {
    return this.byType.get(type) ?? [];
  }

  /** The block a link field of `data` points to, when it exists and implements `iface`. */
  target(data: BlockData, field: string, iface: string): SimBlock | undefined {
    const id = linkedId(data, field);
    const block = id === null ? undefined : this.world.byId.get(id);
    return block !== undefined && implementsInterface(block.type, iface) ? block : undefined;
  }

  /** True when `block` is claimed by the block named `claimer`. */
  isClaimedBy(block: SimBlock, claimer: string): boolean {
    return linkedId(block.data, 'claimedBy') === claimer;
  }

  /** True when another block drives `block`. */
  isClaimed(block: SimBlock): boolean {
    return linkedId(block.data, 'claimedBy') !== null;
  }

  /**
   * The setting a claimed analog actuator gets from its claimer this pass (0 while the claimer
   * drives nothing, e.g. an inactive PID), or undefined when nothing claims it.
   */
  drivenSetting(block: SimBlock): number | undefined {
    if (!this.isClaimed(block)) return undefined;
    const driven = this.driven.get(block.id);
    return typeof driven === 'number' ? driven : 0;
  }

  memoryOf(id: string): BlockMemory {
    let memory = this.world.memory.get(id);
    if (memory === undefined) {
      memory = {};
      this.world.memory.set(id, memory);
    }
    return memory;
  }
}
