import { Injectable } from '@nestjs/common';
import type { Block, PatchEvent, StateEvent } from '@eventcast/domain';

/** A controller as its state and patch events show it: its blocks, or null while it is offline. */
export interface ControllerView {
  serviceId: string;
  blocks: Block[] | null;
}

/**
 * The controllers on the bus, kept from their retained state events and the patch events after
 * them: what the block triggers read, and what a rule is checked against when it is saved.
 */
@Injectable()
export class ControllerViews {
  private readonly views = new Map<string, Map<string, Block> | null>();

  /** The controller after its state event; null blocks is its last will. */
  applyState(serviceId: string, event: StateEvent): ControllerView {
    const blocks = event.data?.blocks ?? null;
    this.views.set(serviceId, blocks === null ? null : new Map(blocks.map((block) => [block.id, block])));
    return this.view(serviceId);
  }

  /** The controller after a patch event; undefined when its state is not known yet (nothing to patch). */
  applyPatch(serviceId: string, event: PatchEvent): ControllerView | undefined {
    const blocks = this.views.get(serviceId);
    if (!blocks) return undefined;
    for (const block of event.data.changed) blocks.set(block.id, block);
    for (const id of event.data.deleted) blocks.delete(id);
    return this.view(serviceId);
  }

  knows(serviceId: string): boolean {
    return this.views.has(serviceId);
  }

  /** Whether the controller's blocks are known: its last state event came while it was online. */
  seesBlocksOf(serviceId: string): boolean {
    return Boolean(this.views.get(serviceId));
  }

  blockType(serviceId: string, blockId: string): string | undefined {
    return this.views.get(serviceId)?.get(blockId)?.type;
  }

  private view(serviceId: string): ControllerView {
    const blocks = this.views.get(serviceId);
    return { serviceId, blocks: blocks ? [...blocks.values()] : null };
  }
}
