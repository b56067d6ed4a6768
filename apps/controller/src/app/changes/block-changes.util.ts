import { isDeepStrictEqual } from 'node:util';
import { findBlockType } from '@eventcast/block-model';
import { Block, BlockChange, FieldChange } from '@eventcast/domain';

/** The settings of a block (its fields a user writes, not those the controller computes) with their values. */
function settings(block: Block): Map<string, unknown> {
  const fields = findBlockType(block.type)?.fields ?? {};
  return new Map(Object.entries(block.data).filter(([name]) => fields[name] !== undefined && !fields[name].readonly));
}

function fieldChanges(before: Block | undefined, after: Block | undefined): FieldChange[] {
  const from = before ? settings(before) : new Map<string, unknown>();
  const to = after ? settings(after) : new Map<string, unknown>();
  return [...new Set([...from.keys(), ...to.keys()])]
    .filter((field) => !isDeepStrictEqual(from.get(field), to.get(field)))
    .map((field) => ({ field, from: from.get(field) ?? null, to: to.get(field) ?? null }));
}

/**
 * What one operation did, from the views of the blocks it may touch before and after it (in the
 * user's units): blocks created with all their settings, blocks deleted, and blocks whose settings
 * changed with each setting from what to what. Values the controller computes (a sensor's reading,
 * a PID's output) are not changes.
 */
export function blockChanges(before: readonly Block[], after: readonly Block[]): BlockChange[] {
  const earlier = new Map(before.map((block) => [block.id, block]));
  const later = new Map(after.map((block) => [block.id, block]));
  const changes: BlockChange[] = [];
  for (const block of after) {
    const previous = earlier.get(block.id);
    const fields = fieldChanges(previous, block);
    if (previous === undefined) changes.push({ id: block.id, type: block.type, change: 'created', fields });
    else if (fields.length > 0) changes.push({ id: block.id, type: block.type, change: 'changed', fields });
  }
  for (const block of before)
    if (!later.has(block.id)) changes.push({ id: block.id, type: block.type, change: 'deleted', fields: [] });
  return changes;
}
