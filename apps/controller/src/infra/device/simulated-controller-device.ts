import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { StoreUnavailableError } from '@eventcast/domain';
import {
  BlockData,
  BlockType,
  defaultData,
  findBlockType,
  FIRST_USER_NID,
  SYSTEM_BLOCK_TYPES,
  toStoredData,
} from '@eventcast/block-model';
import {
  ControllerDevice,
  DeviceBlock,
  DeviceBlockError,
  DeviceDeletion,
  DeviceWork,
  NewDeviceBlock,
} from '../../app/ports/controller-device.port';
import { DeviceFile } from './device-file';
import { clearLinksTo } from './links.util';
import { DEFAULT_HARDWARE, SimulatedHardware } from './simulated-hardware';
import { FridgeModel, FridgeSettings } from './simulation/fridge-model';
import { simulate } from './simulation/simulate';
import { BlockMemory, SimBlock, SimulationWorld } from './simulation/tick-context';

/** What the device keeps on its "flash": the stored data of every block, and the next free nid. */
interface DeviceFileContent {
  version: 1;
  deviceId: string;
  nextNid: number;
  blocks: Array<{ id: string; nid: number; type: string; data: BlockData }>;
}

export interface SimulatedDeviceOptions {
  /** Where the device keeps its blocks: `<DATA_DIR>/controller-<SERVICE_ID>.device.json`. */
  file: string;
  /** Plugged-in hardware that discovery finds. */
  hardware?: readonly SimulatedHardware[];
  /** The clock, in epoch milliseconds. */
  now?: () => number;
  /** How many times faster than `now` the simulated time passes (`SIM_SPEED`); 1 unless given. */
  speed?: number;
  /** The thermal model of a fridge that the sensors and actuators are part of (`SIM_FRIDGE`); none unless given. */
  fridge?: FridgeSettings;
}

// The longest step the simulation takes: a tick that covers more (a fast SIM_SPEED, a late timer)
// is cut into steps of this, so PWM periods, minimum on and off times and the fridge keep their
// resolution; past MAX_STEPS_PER_TICK (a machine that slept) the rest passes in one step.
const MAX_STEP_MS = 1000;
const MAX_STEPS_PER_TICK = 3600;

/** A clock `speed` times faster than `now`, from the moment it is made. */
function fasterClock(now: () => number, speed: number): () => number {
  if (speed === 1) return now;
  const startedMs = now();
  return () => startedMs + (now() - startedMs) * speed;
}

/** What the simulated device reports as its firmware version. */
export const SIMULATED_DEVICE_VERSION = 'simulated-1';

/**
 * A controller without hardware: it keeps blocks with their nids, persists their stored data in
 * one device file (written atomically, once per batch of changes), and computes the read-only
 * values on every `tick` (see `simulate`). After each change it settles claims and computed values
 * at once, without letting time pass, and resolves once the change is in the device file.
 */
export class SimulatedControllerDevice extends ControllerDevice {
  private readonly logger = new Logger(SimulatedControllerDevice.name);
  private readonly file: DeviceFile<DeviceFileContent>;
  private readonly hardware: readonly SimulatedHardware[];
  private readonly plugged: ReadonlySet<string>;
  private readonly now: () => number;
  private readonly byId = new Map<string, SimBlock>();
  private readonly memory = new Map<string, BlockMemory>();
  private readonly fridge?: FridgeModel;
  private readonly startedMs: number;
  private deviceId = randomBytes(6).toString('hex').toUpperCase();
  private nextNid = FIRST_USER_NID;
  private ordered?: SimBlock[];
  private lastTickMs: number;
  readonly work: DeviceWork = { ticks: 0, seconds: 0, lastSeconds: 0 };
  private timer?: NodeJS.Timeout;
  private saving?: Promise<void>;

  constructor(options: SimulatedDeviceOptions) {
    super();
    this.file = new DeviceFile(options.file);
    this.hardware = options.hardware ?? DEFAULT_HARDWARE;
    this.plugged = new Set(this.hardware.map((hardware) => hardware.address.toUpperCase()));
    this.now = fasterClock(options.now ?? Date.now, options.speed ?? 1);
    if (options.fridge !== undefined) this.fridge = new FridgeModel(options.fridge);
    this.startedMs = this.now();
    this.lastTickMs = this.startedMs;
    this.load();
    this.settle();
  }

  /** Ticks every `periodMs` until `close`. */
  start(periodMs = 1000): void {
    this.timer ??= setInterval(() => this.tickNow(), periodMs);
  }

  /** Ticks at the device's clock: the simulated time, which `SIM_SPEED` makes pass faster than the real one. */
  tickNow(): void {
    this.tick(this.now());
  }

  /** Computes the read-only values at `nowMs` (simulated time); time passes since the previous tick, in steps of at most a second. */
  tick(nowMs: number): void {
    const started = performance.now();
    const world = this.world((nowMs - this.lastTickMs) / 1000);
    for (let step = 1; step < MAX_STEPS_PER_TICK && nowMs - this.lastTickMs > MAX_STEP_MS; step++) {
      this.lastTickMs += MAX_STEP_MS;
      simulate(world, this.lastTickMs, MAX_STEP_MS / 1000);
    }
    const dtS = Math.max(0, (nowMs - this.lastTickMs) / 1000);
    this.lastTickMs = Math.max(nowMs, this.lastTickMs);
    simulate(world, nowMs, dtS);
    const seconds = (performance.now() - started) / 1000;
    this.work.ticks += 1;
    this.work.seconds += seconds;
    this.work.lastSeconds = seconds;
  }

  blocks(): readonly DeviceBlock[] {
    this.ordered ??= [...this.byId.values()].sort((a, b) => a.nid - b.nid);
    return this.ordered;
  }

  find(id: string): DeviceBlock | undefined {
    return this.byId.get(id);
  }

  async create(block: NewDeviceBlock): Promise<DeviceBlock> {
    const created = this.add(block);
    this.settle();
    await this.save();
    return created;
  }

  async write(id: string, data: BlockData): Promise<DeviceBlock> {
    const block = this.byId.get(id);
    if (block === undefined) throw DeviceBlockError.unknownBlock(id);
    block.data = this.withTimestamp(block.type, { ...block.data, ...data });
    this.settle();
    await this.save();
    return block;
  }

  async delete(id: string): Promise<DeviceDeletion> {
    const block = this.byId.get(id);
    if (block === undefined) throw DeviceBlockError.unknownBlock(id);
    if (block.nid < FIRST_USER_NID) throw DeviceBlockError.systemBlockDeleted(id);
    return this.remove([block]);
  }

  async deleteAll(): Promise<DeviceDeletion> {
    return this.remove(this.blocks().filter((block) => block.nid >= FIRST_USER_NID) as SimBlock[]);
  }

  async discover(): Promise<DeviceBlock[]> {
    const found: DeviceBlock[] = [];
    for (const hardware of this.hardware) {
      const known = [...this.byId.values()].some(
        (block) =>
          block.type === hardware.type && String(block.data.address).toUpperCase() === hardware.address.toUpperCase(),
      );
      if (!known)
        found.push(
          this.add({ id: this.freeId(hardware.type), type: hardware.type, data: { address: hardware.address } }),
        );
    }
    if (found.length > 0) {
      this.settle();
      await this.save();
    }
    return found;
  }

  async restore(blocks: NewDeviceBlock[]): Promise<DeviceBlock[]> {
    this.drop(this.blocks().filter((block) => block.nid >= FIRST_USER_NID));
    const restored = blocks.map((block) => {
      const system = this.systemBlockOf(block.type);
      if (system === undefined) return this.add(block);
      system.data = { ...system.data, ...block.data };
      return system;
    });
    this.settle();
    await this.save();
    return restored;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.saving?.catch(() => undefined);
  }

  private add(block: NewDeviceBlock): SimBlock {
    const type = this.typeOf(block.type);
    if (type.system !== undefined) throw DeviceBlockError.systemBlockType(block.id, block.type);
    if (this.byId.has(block.id)) throw DeviceBlockError.blockExists(block.id);
    const created: SimBlock = {
      id: block.id,
      nid: this.assignNid(block.nid),
      type: type.name,
      data: this.withTimestamp(type.name, { ...defaultData(type), ...block.data }),
    };
    this.byId.set(created.id, created);
    this.ordered = undefined;
    return created;
  }

  private async remove(blocks: SimBlock[]): Promise<DeviceDeletion> {
    this.drop(blocks);
    const ids = new Set(blocks.map((block) => block.id));
    const relinked = [...this.byId.values()].filter((block) => clearLinksTo(block.data, ids));
    this.settle();
    await this.save();
    return { removed: blocks, relinked };
  }

  private drop(blocks: readonly DeviceBlock[]): void {
    for (const block of blocks) {
      this.byId.delete(block.id);
      this.memory.delete(block.id);
    }
    this.ordered = undefined;
  }

  /** The requested nid when it is a free user nid, else the next one never given out. */
  private assignNid(requested: number | undefined): number {
    const taken =
      requested === undefined ||
      requested < FIRST_USER_NID ||
      [...this.byId.values()].some((block) => block.nid === requested);
    const nid = taken ? this.nextNid : requested;
    this.nextNid = Math.max(this.nextNid, nid + 1);
    return nid;
  }

  /** `<type>-<n>` with the smallest n that no block has. */
  private freeId(type: string): string {
    let n = 1;
    while (this.byId.has(`${type}-${n}`)) n += 1;
    return `${type}-${n}`;
  }

  /** An external sensor's `lastUpdated` is the time of its last write. */
  private withTimestamp(type: string, data: BlockData): BlockData {
    if (type === 'TempSensorExternal') data.lastUpdated = new Date(this.now()).toISOString();
    return data;
  }

  private typeOf(name: string): BlockType {
    const type = findBlockType(name);
    if (type === undefined) throw new Error(`unknown block type ${name}`);
    return type;
  }

  private systemBlockOf(typeName: string): SimBlock | undefined {
    const system = findBlockType(typeName)?.system;
    return system === undefined ? undefined : this.byId.get(system.id);
  }

  private settle(): void {
    simulate(this.world(0), this.now(), 0);
  }

  private world(tickIntervalS: number): SimulationWorld {
    return {
      tickIntervalS,
      blocks: this.blocks() as SimBlock[],
      byId: this.byId,
      plugged: this.plugged,
      memory: this.memory,
      startedMs: this.startedMs,
      fridge: this.fridge,
    };
  }

  private load(): void {
    const { content, problem } = this.file.read();
    if (problem !== undefined) this.logger.error(`${problem}; starting with no blocks`);
    if (content?.deviceId) this.deviceId = content.deviceId;
    for (const type of SYSTEM_BLOCK_TYPES) {
      const { id, nid } = type.system as { id: string; nid: number };
      this.byId.set(id, { id, nid, type: type.name, data: defaultData(type) });
    }
    const sysInfo = this.systemBlockOf('SysInfo') as SimBlock;
    Object.assign(sysInfo.data, { deviceId: this.deviceId, version: SIMULATED_DEVICE_VERSION });
    for (const saved of content?.blocks ?? []) this.loadBlock(saved);
    this.nextNid = Math.max(this.nextNid, content?.nextNid ?? FIRST_USER_NID);
    if (content !== undefined) this.logger.log(`restored ${content.blocks.length} blocks from ${this.file.path}`);
  }

  private loadBlock(saved: DeviceFileContent['blocks'][number]): void {
    const type = findBlockType(saved.type);
    if (type === undefined) {
      this.logger.error(`${this.file.path}: block ${saved.id} has the unknown type ${saved.type}; left out`);
      return;
    }
    const stored = toStoredData(type, saved.data);
    const system = this.systemBlockOf(saved.type);
    if (system !== undefined) system.data = { ...system.data, ...stored };
    else
      this.byId.set(saved.id, {
        id: saved.id,
        nid: saved.nid,
        type: type.name,
        data: { ...defaultData(type), ...stored },
      });
  }

  /**
   * Persists the blocks once the changes of this turn of the event loop are made: all changes
   * made meanwhile share one file write, and resolve once it is done. A write the disk refuses
   * (full, read-only) undoes them all: the blocks are read back from the file, which the failed
   * write left as it was, and each change rejects with a `StoreUnavailableError` (503).
   */
  private save(): Promise<void> {
    this.saving ??= new Promise<void>((resolve, reject) =>
      setImmediate(() => {
        this.saving = undefined;
        try {
          this.file.write(this.content());
          resolve();
        } catch (error) {
          const reason = `could not write ${this.file.path}: ${(error as { message?: string }).message ?? String(error)}`;
          this.logger.error(`${reason}; the changes since the last write are undone`);
          this.reload();
          reject(new StoreUnavailableError(`${reason}; nothing was changed`));
        }
      }),
    );
    return this.saving;
  }

  /** The blocks as the device file holds them, the values computed again; nids are still never given twice. */
  private reload(): void {
    this.byId.clear();
    this.ordered = undefined;
    this.load();
    this.settle();
  }

  private content(): DeviceFileContent {
    const blocks = this.blocks().map(({ id, nid, type, data }) => ({
      id,
      nid,
      type,
      data: toStoredData(this.typeOf(type), data),
    }));
    return { version: 1, deviceId: this.deviceId, nextNid: this.nextNid, blocks };
  }
}
