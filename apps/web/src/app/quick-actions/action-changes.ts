import { BlockDataError, findBlockType, normaliseWrite, type BlockType } from '@eventcast/block-model';
import { formFields } from '../../common/block-form';
import { problemsByField } from '../../common/form-problems';
import type { BlockPatch } from '../../common/quick-action';

/** One field a quick action sets, as a row of its list. */
export interface Change {
  serviceId: string;
  blockId: string;
  type: string;
  field: string;
  value: unknown;
}

/** Every field the patches set, one row each, in the order they were added. */
export function changesOf(patches: readonly BlockPatch[]): Change[] {
  return patches.flatMap(({ serviceId, id, type, data }) =>
    Object.entries(data).map(([field, value]) => ({ serviceId, blockId: id, type, field, value })),
  );
}

/**
 * The patches with `change` added: into the patch of its block (replacing the field's earlier
 * value), or as a new patch. A block is one patch, so that applying sends one call per block.
 */
export function withChange(patches: readonly BlockPatch[], change: Change): BlockPatch[] {
  const { serviceId, blockId, type, field, value } = change;
  const index = patches.findIndex((patch) => patch.serviceId === serviceId && patch.id === blockId);
  if (index === -1) return [...patches, { serviceId, id: blockId, type, data: { [field]: value } }];
  return patches.map((patch, at) =>
    at === index ? { ...patch, type, data: { ...patch.data, [field]: value } } : patch,
  );
}

/** The patches without the field `change` names; a patch left with no field goes. */
export function withoutChange(patches: readonly BlockPatch[], change: Omit<Change, 'value' | 'type'>): BlockPatch[] {
  return patches.flatMap((patch) => {
    if (patch.serviceId !== change.serviceId || patch.id !== change.blockId) return [patch];
    const data = Object.fromEntries(Object.entries(patch.data).filter(([field]) => field !== change.field));
    return Object.keys(data).length === 0 ? [] : [{ ...patch, data }];
  });
}

/**
 * What keeps a quick action from being saved, one line each: no name, no change, or a value its
 * block type refuses (checked as the controller checks a write: kinds, ranges, units), in the
 * words of the block's form: `<block> on <controller>: Integral time must be at least 0 s`.
 */
export function actionProblems(name: string, patches: readonly BlockPatch[]): string[] {
  const problems: string[] = [];
  if (name.trim() === '') problems.push('Give the quick action a name.');
  if (patches.length === 0) problems.push('Add at least one change.');
  for (const patch of patches) {
    const type = findBlockType(patch.type);
    if (!type) {
      problems.push(`${patch.id} on ${patch.serviceId}: ${patch.type} is not a block type`);
      continue;
    }
    try {
      normaliseWrite(type, patch.data);
    } catch (error) {
      if (!(error instanceof BlockDataError)) throw error;
      for (const problem of wordedProblems(type, patch, error.problems)) {
        problems.push(`${patch.id} on ${patch.serviceId}: ${problem}`);
      }
    }
  }
  return problems;
}

/** The problems of a patch as the block's form words them, its inputs in the units the patch holds. */
function wordedProblems(type: BlockType, patch: BlockPatch, problems: readonly string[]): string[] {
  const block = { id: patch.id, serviceId: patch.serviceId, type: patch.type, data: patch.data };
  const fields = formFields(type, block, { blocks: [], userUnit: 'degC' });
  return Object.values(problemsByField(problems, fields, {})).flat();
}
