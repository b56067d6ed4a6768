import { findBlockType } from '@eventcast/block-model';
import type { Block } from '@eventcast/domain';

/** What the blocks page narrows its list to: a type (`''` for all) and a part of a block's name. */
export interface BlockFilter {
  type: string;
  search: string;
}

/**
 * The blocks the page lists: those of the filter's type whose name holds its search (in any case),
 * the user's own first, then the system blocks, each in the controller's order. The user's blocks
 * are what a user comes to the page for: listed first, they are the first cards a keyboard reaches.
 */
export function listedBlocks(blocks: readonly Block[], { type, search }: BlockFilter): Block[] {
  const needle = search.trim().toLowerCase();
  const shown = blocks.filter(
    (block) => (type === '' || block.type === type) && (needle === '' || block.id.toLowerCase().includes(needle)),
  );
  const isSystem = (block: Block) => findBlockType(block.type)?.system !== undefined;
  return [...shown.filter((block) => !isSystem(block)), ...shown.filter(isSystem)];
}
