import { blockRelations, patchedBlocks } from '@eventcast/block-model';
import type { Block, BlockRelation, ControllerStatus } from '@eventcast/domain';
import type { ControllerEvent } from '@eventcast/live-stream';

/** One controller as the page shows it: from its latest state event and the patches since. */
export interface ControllerView {
  id: string;
  /** False once its last will (or its goodbye) arrived. */
  online: boolean;
  /** From its last state event while it was online. */
  status?: ControllerStatus;
  blocks: Block[];
  relations: BlockRelation[];
}

/** The controllers by id. */
export type Controllers = ReadonlyMap<string, ControllerView>;

/**
 * The controllers after `event`: a state event replaces what the page knew of its controller (a
 * last will keeps the blocks last seen, offline); a removed event forgets it; a patch event replaces the blocks it changed,
 * removes the ones it deleted and recomputes the links between them. A patch of a controller not seen yet waits for its state event.
 */
export function applyControllerEvent(controllers: Controllers, event: ControllerEvent): Controllers {
  const known = controllers.get(event.key);
  const next = new Map(controllers);
  if (event.type === 'Controller.removed') {
    next.delete(event.key);
    return next;
  }
  if (event.type === 'Controller.state') {
    if (event.data === null) {
      next.set(event.key, { id: event.key, blocks: [], relations: [], ...known, online: false });
    } else {
      const { status, blocks, relations } = event.data;
      next.set(event.key, { id: event.key, online: true, status, blocks, relations });
    }
    return next;
  }
  if (!known) return controllers;
  const blocks = patchedBlocks(known.blocks, event.data);
  // The relations follow the patch at once, as the cards do: after a delete or a backup load the
  // graph would otherwise draw the old links until the next state event.
  next.set(event.key, { ...known, blocks, relations: blockRelations(blocks) });
  return next;
}

/** The controllers in the order of their ids. */
export function controllersInOrder(controllers: Controllers): ControllerView[] {
  return [...controllers.values()].sort((a, b) => a.id.localeCompare(b.id));
}
