import {
  BlockData,
  BlockType,
  defaultData,
  findBlockType,
  FIRST_USER_NID,
  SYSTEM_BLOCK_TYPES,
} from '@eventcast/block-model';
import {
  ControllerDevice,
  DeviceBlock,
  DeviceBlockError,
  DeviceDeletion,
  NewDeviceBlock,
} from '../../src/app/ports/controller-device.port';
import { clearLinksTo } from '../../src/infra/device/links.util';
import { SimulatedHardware } from '../../src/infra/device/simulated-hardware';

interface MutableBlock {
  id: string;
  nid: number;
  type: string;
  data: BlockData;
}

/** What the fake device holds at start and has plugged in. */
export interface InMemoryDeviceOptions {
  deviceId?: string;
  version?: string;
  hardware?: readonly SimulatedHardware[];
}

/**
 * A `ControllerDevice` in memory, for unit specs: the system blocks at start, user nids from
 * `FIRST_USER_NID` never given out twice, the port's refusals, links cleared on deletion and
 * discovery of the hardware it is given. Unlike the simulated device it computes no read-only
 * values and keeps no file.
 */
export class InMemoryControllerDevice extends ControllerDevice {
  private readonly byId = new Map<string, MutableBlock>();
  private readonly hardware: readonly SimulatedHardware[];
  private nextNid = FIRST_USER_NID;

  constructor(options: InMemoryDeviceOptions = {}) {
    super();
    this.hardware = options.hardware ?? [];
    for (const type of SYSTEM_BLOCK_TYPES) {
      const { id, nid } = type.system as { id: string; nid: number };
      this.byId.set(id, { id, nid, type: type.name, data: defaultData(type) });
    }
    const info = [...this.byId.values()].find((block) => block.type === 'SysInfo');
    if (info !== undefined)
      Object.assign(info.data, {
        deviceId: options.deviceId ?? 'IN-MEMORY',
        version: options.version ?? 'in-memory-1',
      });
  }

  blocks(): readonly DeviceBlock[] {
    return [...this.byId.values()].sort((a, b) => a.nid - b.nid);
  }

  find(id: string): DeviceBlock | undefined {
    return this.byId.get(id);
  }

  async create(block: NewDeviceBlock): Promise<DeviceBlock> {
    return this.add(block);
  }

  async write(id: string, data: BlockData): Promise<DeviceBlock> {
    const block = this.known(id);
    block.data = { ...block.data, ...data };
    return block;
  }

  async delete(id: string): Promise<DeviceDeletion> {
    const block = this.known(id);
    if (block.nid < FIRST_USER_NID) throw DeviceBlockError.systemBlockDeleted(id);
    return this.remove([block]);
  }

  async deleteAll(): Promise<DeviceDeletion> {
    return this.remove([...this.byId.values()].filter((block) => block.nid >= FIRST_USER_NID));
  }

  async discover(): Promise<DeviceBlock[]> {
    const unknown = this.hardware.filter(
      (hardware) =>
        ![...this.byId.values()].some(
          (block) => block.type === hardware.type && block.data.address === hardware.address,
        ),
    );
    return unknown.map((hardware) =>
      this.add({ id: this.freeId(hardware.type), type: hardware.type, data: { address: hardware.address } }),
    );
  }

  async restore(blocks: NewDeviceBlock[]): Promise<DeviceBlock[]> {
    for (const block of this.blocks()) if (block.nid >= FIRST_USER_NID) this.byId.delete(block.id);
    return blocks.map((block) => {
      const system = this.byId.get(this.typeOf(block.type).system?.id ?? '');
      if (system === undefined) return this.add(block);
      system.data = { ...system.data, ...block.data };
      return system;
    });
  }

  async close(): Promise<void> {
    return undefined;
  }

  private add(block: NewDeviceBlock): MutableBlock {
    const type = this.typeOf(block.type);
    if (type.system !== undefined) throw DeviceBlockError.systemBlockType(block.id, block.type);
    if (this.byId.has(block.id)) throw DeviceBlockError.blockExists(block.id);
    const free =
      block.nid !== undefined &&
      block.nid >= FIRST_USER_NID &&
      ![...this.byId.values()].some((other) => other.nid === block.nid);
    const nid = free ? (block.nid as number) : this.nextNid;
    this.nextNid = Math.max(this.nextNid, nid + 1);
    const created = { id: block.id, nid, type: type.name, data: { ...defaultData(type), ...block.data } };
    this.byId.set(created.id, created);
    return created;
  }

  private remove(blocks: MutableBlock[]): DeviceDeletion {
    for (const block of blocks) this.byId.delete(block.id);
    const ids = new Set(blocks.map((block) => block.id));
    const relinked = [...this.byId.values()].filter((block) => clearLinksTo(block.data, ids));
    return { removed: blocks, relinked };
  }

  private known(id: string): MutableBlock {
    const block = this.byId.get(id);
    if (block === undefined) throw DeviceBlockError.unknownBlock(id);
    return block;
  }

  private typeOf(name: string): BlockType {
    const type = findBlockType(name);
    if (type === undefined) throw new Error(`unknown block type ${name}`);
    return type;
  }

  private freeId(type: string): string {
    let n = 1;
    while (this.byId.has(`${type}-${n}`)) n += 1;
    return `${type}-${n}`;
  }
}
