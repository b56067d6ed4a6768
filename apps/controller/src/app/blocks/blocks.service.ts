import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { BlockData, BlockType, findBlockType, FIRST_USER_NID, mergePatch } from '@eventcast/block-model';
import {
  BadRequestError,
  Block,
  BlockIdentity,
  ChangeKind,
  ChangeOrigin,
  ConflictError,
  NotFoundError,
} from '@eventcast/domain';
import { ControllerConfig } from '../../config/controller.config';
import { ChangeEventPublisher } from '../changes/change-event.publisher';
import { ControllerDevice, DeviceBlock } from '../ports/controller-device.port';
import { UserUnitsService } from '../units/user-units.service';
import { normaliseBlockData, tempUnitSetting } from './block-data.util';
import { BlockMetaService } from './block-meta.service';
import { BlockPatchPublisher } from './block-patch.publisher';
import { blockIdentity, blockView, loggedBlockView, storedBlockView } from './block-views.util';

// The system info block follows the user's temperature unit by itself.
const USER_UNIT_ORIGIN: ChangeOrigin = { via: 'controller', by: "the user's temperature unit" };

/**
 * The block operations of docs/controller.md on the controller device: writes are normalised by the block
 * model (defaults, units, links), reads give temperatures in the user's unit, and every change is
 * announced as a patch event and, with where it came from, as a change event. `meta` lives in the controller datastore: a call that gives `meta`
 * needs the datastore (503 without it, and nothing changes); the others work from the device alone.
 */
@Injectable()
export class BlocksService implements OnApplicationBootstrap {
  private readonly logger = new Logger(BlocksService.name);

  constructor(
    @Inject(ControllerConfig) private readonly config: ControllerConfig,
    @Inject(ControllerDevice) private readonly device: ControllerDevice,
    private readonly units: UserUnitsService,
    private readonly patches: BlockPatchPublisher,
    private readonly meta: BlockMetaService,
    private readonly changes: ChangeEventPublisher,
  ) {}

  onApplicationBootstrap(): void {
    this.units.onChange(() => void this.followUserUnit());
    void this.followUserUnit();
  }

  read(id: string): Block {
    return this.view(this.existing(id));
  }

  readLogged(id: string): Block {
    return loggedBlockView(this.config.serviceId, this.existing(id), this.units.temperature);
  }

  readStored(id: string): Block {
    return storedBlockView(this.config.serviceId, this.existing(id));
  }

  readAll(): Block[] {
    return this.device.blocks().map((block) => this.view(block));
  }

  readAllLogged(): Block[] {
    return this.device.blocks().map((block) => loggedBlockView(this.config.serviceId, block, this.units.temperature));
  }

  readAllStored(): Block[] {
    return this.device.blocks().map((block) => storedBlockView(this.config.serviceId, block));
  }

  async create(block: Block, origin: ChangeOrigin): Promise<Block> {
    this.checkOwner(block);
    const type = this.creatableType(block.type);
    if (this.device.find(block.id) !== undefined)
      throw new ConflictError(`id: a block named ${block.id} exists already`);
    const data = this.normalise(type, block.data);
    const created = await this.device.create({ id: block.id, type: type.name, nid: block.nid, data });
    if (block.meta !== undefined)
      await this.meta.replace(created, block.meta).catch((error: unknown) => this.undoCreate(created, error));
    return this.announce(created, 'created', origin);
  }

  /** Replaces the block's data: omitted fields take their default. A given `meta` replaces the block's meta. */
  async write(block: Block, origin: ChangeOrigin): Promise<Block> {
    const type = this.typeOfExisting(block);
    const data = this.normalise(type, block.data);
    const current = this.existing(block.id);
    const before = this.view(current);
    if (block.meta !== undefined) await this.meta.replace(current, block.meta);
    return this.announce(await this.device.write(block.id, data), 'written', origin, before);
  }

  /** Merges the given fields into the block's current data, then writes the result. A given `meta` is merged likewise, key by key. */
  async patch(block: Block, origin: ChangeOrigin): Promise<Block> {
    const type = this.typeOfExisting(block);
    const current = this.existing(block.id);
    const before = this.view(current);
    const data = this.normalise(type, mergePatch(current.data, block.data));
    if (block.meta !== undefined) await this.meta.merge(current, block.meta);
    return this.announce(await this.device.write(block.id, data), 'patched', origin, before);
  }

  async delete(id: string, origin: ChangeOrigin): Promise<BlockIdentity> {
    const block = this.existing(id);
    if (block.nid < FIRST_USER_NID) throw new ConflictError(`id: ${id} is a system block, which cannot be deleted`);
    const before = this.readAll();
    const { relinked } = await this.device.delete(id);
    this.changes.publishBlocks('deleted', origin, before, this.readAll());
    void this.meta.forget([block.nid]);
    this.patches.publish(
      relinked.map((changed) => this.view(changed)),
      [id],
    );
    return blockIdentity(this.config.serviceId, block);
  }

  /** Deletes every user block; system blocks stay. */
  async deleteAll(origin: ChangeOrigin): Promise<BlockIdentity[]> {
    const before = this.readAll();
    const { removed, relinked } = await this.device.deleteAll();
    this.changes.publishBlocks('deleted', origin, before, this.readAll());
    void this.meta.forget(removed.map((block) => block.nid));
    this.patches.publish(
      relinked.map((changed) => this.view(changed)),
      removed.map((block) => block.id),
    );
    return removed.map((block) => blockIdentity(this.config.serviceId, block));
  }

  /** Creates blocks for plugged-in hardware that has none yet. */
  async discover(origin: ChangeOrigin): Promise<Block[]> {
    const found = (await this.device.discover()).map((block) => this.view(block));
    this.patches.publish(found);
    this.changes.publishBlocks('discovered', origin, [], found);
    return found;
  }

  /** A device block as a user reads it, with its meta. */
  view(block: DeviceBlock): Block {
    return blockView(this.config.serviceId, block, this.units.temperature, this.meta.metaOf(block.nid));
  }

  /** Publishes the patch event and the change event of a block that an operation of `kind` stored. */
  private announce(block: DeviceBlock, kind: ChangeKind, origin: ChangeOrigin, before?: Block): Block {
    const view = this.view(block);
    this.patches.publish([view]);
    this.changes.publishBlocks(kind, origin, before ? [before] : [], [view]);
    return view;
  }

  /** A block created with a `meta` that could not be stored is removed again: the create did not happen. */
  private async undoCreate(created: DeviceBlock, error: unknown): Promise<never> {
    await this.device.delete(created.id);
    throw error;
  }

  private existing(id: string): DeviceBlock {
    const block = this.device.find(id);
    if (block === undefined) throw new NotFoundError(`id: there is no block named ${id}`);
    return block;
  }

  private checkOwner(block: Block): void {
    if (block.serviceId !== this.config.serviceId) {
      throw new BadRequestError([
        `serviceId: ${block.serviceId} is another controller service; this one is ${this.config.serviceId}`,
      ]);
    }
  }

  private creatableType(name: string): BlockType {
    const type = findBlockType(name);
    if (type === undefined) throw new BadRequestError([`type: ${name} is not a block type`]);
    if (type.system !== undefined)
      throw new ConflictError(
        `type: ${name} is the type of the system block ${type.system.id}, which cannot be created`,
      );
    return type;
  }

  /** The type of the block that a write or patch addresses; it must be the one given. */
  private typeOfExisting(block: Block): BlockType {
    this.checkOwner(block);
    const current = this.existing(block.id);
    if (current.type !== block.type)
      throw new BadRequestError([`type: ${block.id} is a ${current.type}, not a ${block.type}`]);
    return findBlockType(current.type) as BlockType;
  }

  /** Throws a `BlockDataError`, a bad request listing every problem. */
  private normalise(type: BlockType, data: unknown): BlockData {
    return normaliseBlockData(type, data, this.units.temperature, (id) => this.device.find(id)?.type);
  }

  /** Keeps the system info block's `tempUnit` at the user's temperature unit. */
  private async followUserUnit(): Promise<void> {
    const info = this.device.blocks().find((block) => block.type === 'SysInfo');
    const wanted = tempUnitSetting(this.units.temperature);
    if (info === undefined || info.data.tempUnit === wanted) return;
    try {
      const before = this.view(info);
      this.announce(await this.device.write(info.id, { tempUnit: wanted }), 'written', USER_UNIT_ORIGIN, before);
    } catch (error) {
      this.logger.error(`could not set ${info.id}'s tempUnit to ${wanted}: ${String(error)}`);
    }
  }
}
