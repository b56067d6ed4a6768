import type { Block, BlockPatch } from '@eventcast/domain';

/**
 * The blocks after a controller's patch event: each changed block replaces the one of its id where
 * it stood, a new one comes last, a deleted one goes. What the history service keeps as a
 * controller's latest state between its state events, and what the web app shows.
 */
export function patchedBlocks(blocks: readonly Block[], patch: BlockPatch): Block[] {
  const changed = new Map(patch.changed.map((block) => [block.id, block]));
  const deleted = new Set(patch.deleted);
  const kept = blocks.filter((block) => !deleted.has(block.id)).map((block) => changed.get(block.id) ?? block);
  const known = new Set(blocks.map(({ id }) => id));
  return [...kept, ...[...changed.values()].filter((block) => !known.has(block.id))];
}
