import { Block, BlockRelation, isLink } from '@eventcast/domain';
import { findBlockType } from './catalogue';

/**
 * The links that blocks' writable fields set, one relation per link that points somewhere: what a
 * controller's state event lists, and what the web app recomputes after each patch event.
 */
export function blockRelations(blocks: readonly Block[]): BlockRelation[] {
  const relations: BlockRelation[] = [];
  for (const block of blocks) {
    for (const entry of findBlockType(block.type)?.shape.writable ?? []) {
      const value = block.data[entry.name];
      if (entry.field.kind === 'link' && isLink(value) && value.id !== null)
        relations.push({ source: block.id, target: value.id, relation: [entry.name] });
    }
  }
  return relations;
}
