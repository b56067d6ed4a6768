import { unitConversion } from '@eventcast/block-model';
import { isLink, isQuantity, type Block } from '@eventcast/domain';
import type { Controllers } from '../../common/controller-list';
import { fieldLabel, fieldValueText } from '../../common/field-words';
import type { BlockPatch, QuickAction } from '../../common/quick-action';

/** Whether a quick action holds now, from the controllers' latest events, and if not, why. */
export type ActionState =
  | { state: 'active' }
  | { state: 'inactive'; reason: string }
  /** A controller it patches is not on the bus or is offline: its values are not known. */
  | { state: 'unknown'; reason: string };

/** Each state in words. */
export const ACTION_STATE_WORDS = { active: 'Active', inactive: 'Not active', unknown: 'Unknown' } as const;

/**
 * The block a patch names as its controller last sent it; else why not: its controller is not
 * known or offline (`unknown`: its blocks are not known now), or the block is gone (`missing`).
 */
export function patchedBlock(
  patch: BlockPatch,
  controllers: Controllers,
): { block: Block } | { unknown: string } | { missing: string } {
  const controller = controllers.get(patch.serviceId);
  if (!controller) return { unknown: `${patch.serviceId} has not been seen on the bus` };
  if (!controller.online) return { unknown: `${patch.serviceId} is offline` };
  const block = controller.blocks.find(({ id }) => id === patch.id);
  return block ? { block } : { missing: `${patch.id} is not on ${patch.serviceId}` };
}

/**
 * Active when every field of every patch holds in the block's data as the controller last sent
 * it: a quantity compared in the controller's unit (20 degC holds for 68 degF), a link by the id
 * it names, anything else as equal JSON values.
 */
export function actionState(action: Pick<QuickAction, 'patches'>, controllers: Controllers): ActionState {
  const reasons: string[] = [];
  for (const patch of action.patches) {
    const found = patchedBlock(patch, controllers);
    if ('unknown' in found) return { state: 'unknown', reason: found.unknown };
    if ('missing' in found) {
      reasons.push(found.missing);
      continue;
    }
    for (const [field, wanted] of Object.entries(patch.data)) {
      const current = found.block.data[field];
      if (holds(wanted, current)) continue;
      const [is, not] = [current, wanted].map((value) => fieldValueText(patch.type, field, value));
      reasons.push(`${patch.id}: ${fieldLabel(patch.type, field)} is ${is}, not ${not}`);
    }
  }
  return reasons.length === 0 ? { state: 'active' } : { state: 'inactive', reason: reasons.join('; ') };
}

/** Whether the value a patch set still holds in `current`, the field as the controller sends it. */
export function holds(wanted: unknown, current: unknown): boolean {
  if (isQuantity(wanted)) {
    if (!isQuantity(current)) return false;
    if (wanted.value === null || current.value === null) return wanted.value === current.value;
    const conversion = unitConversion(wanted.unit, current.unit);
    return conversion !== undefined && nearlyEqual(conversion(wanted.value), current.value);
  }
  if (isLink(current)) return (isLink(wanted) ? wanted.id : wanted) === current.id;
  if (typeof wanted === 'number' && typeof current === 'number') return nearlyEqual(wanted, current);
  return JSON.stringify(wanted) === JSON.stringify(current);
}

/**
 * Equal but for the rounding of a conversion there and back: the controller keeps degC, so a
 * value set in degF comes back through two conversions.
 */
function nearlyEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}
