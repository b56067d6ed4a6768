import { BlockDataError, findBlockType, normaliseWrite, unitConversion } from '@eventcast/block-model';
import { isLink, isQuantity } from '@eventcast/domain';
import type { Controllers } from '../controllers/controller-list';
import { shownValue } from '../controllers/block-values';
import { namedDocumentId, UI_NAMESPACE } from '../history/saved-views';

/** The datastore namespace of the quick actions, one document each. */
export const QUICK_ACTIONS_NAMESPACE = `${UI_NAMESPACE}:quick-actions`;

/** One block's part of a quick action: the body of the controller's `/blocks/patch` it sends. */
export interface BlockPatch {
  serviceId: string;
  /** The block's id. */
  id: string;
  /** The block's type, which the controller checks. */
  type: string;
  /** The fields it sets: a quantity as a Quantity in the unit it was entered in, a link as the target's id. */
  data: Record<string, unknown>;
}

/** A quick action as the datastore keeps it: a name and the patches one click applies. */
export interface QuickAction {
  namespace: typeof QUICK_ACTIONS_NAMESPACE;
  id: string;
  name: string;
  patches: BlockPatch[];
}

/** One field a quick action sets, as a row of its list. */
export interface Change {
  serviceId: string;
  blockId: string;
  type: string;
  field: string;
  value: unknown;
}

/** A document id for a new quick action called `name`. */
export function quickActionId(name: string, now = Date.now()): string {
  return namedDocumentId('action', name, now);
}

/** The quick actions among datastore documents, by name; documents of another shape are left out. */
export function quickActionsOf(documents: readonly Record<string, unknown>[]): QuickAction[] {
  return documents.filter(isQuickAction).sort((a, b) => a.name.localeCompare(b.name));
}

function isQuickAction(doc: Record<string, unknown>): doc is Record<string, unknown> & QuickAction {
  const patches = doc['patches'];
  return (
    typeof doc['name'] === 'string' &&
    Array.isArray(patches) &&
    patches.every(
      (patch: Partial<BlockPatch> | null) =>
        typeof patch === 'object' &&
        patch !== null &&
        typeof patch.serviceId === 'string' &&
        typeof patch.id === 'string' &&
        typeof patch.type === 'string' &&
        typeof patch.data === 'object' &&
        patch.data !== null,
    )
  );
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
 * block type refuses (checked as the controller checks a write: kinds, ranges, units), named
 * `<block> on <controller>: data.<field> <problem>`.
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
      for (const problem of error.problems) problems.push(`${patch.id} on ${patch.serviceId}: ${problem}`);
    }
  }
  return problems;
}

/** Whether a quick action holds now, from the controllers' latest events, and if not, why. */
export type ActionState =
  | { state: 'active' }
  | { state: 'inactive'; reason: string }
  /** A controller it patches is not on the bus or is offline: its values are not known. */
  | { state: 'unknown'; reason: string };

/**
 * Active when every field of every patch holds in the block's data as the controller last sent
 * it: a quantity compared in the controller's unit (20 degC holds for 68 degF), a link by the id
 * it names, anything else as equal JSON values.
 */
export function actionState(action: Pick<QuickAction, 'patches'>, controllers: Controllers): ActionState {
  const reasons: string[] = [];
  for (const patch of action.patches) {
    const controller = controllers.get(patch.serviceId);
    if (!controller) return { state: 'unknown', reason: `${patch.serviceId} has not been seen on the bus` };
    if (!controller.online) return { state: 'unknown', reason: `${patch.serviceId} is offline` };
    const block = controller.blocks.find(({ id }) => id === patch.id);
    if (!block) {
      reasons.push(`${patch.id} is not on ${patch.serviceId}`);
      continue;
    }
    for (const [field, wanted] of Object.entries(patch.data)) {
      const current = block.data[field];
      if (!holds(wanted, current))
        reasons.push(`${patch.id} ${field} is ${valueText(current)}, not ${valueText(wanted)}`);
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

/** A value of a patch or of a block's data as the page reads it: `20 °C`, `yes`, a block's id, `not set`. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'not set';
  const shown = shownValue(value);
  switch (shown.kind) {
    case 'text':
      return shown.text;
    case 'link':
      return shown.target ?? 'not set';
    default:
      return JSON.stringify(value);
  }
}

/**
 * Why the quick action cannot be applied now, one line each, before anything is sent: a controller
 * not on the bus or offline, a block gone or of another type than when the action was saved.
 */
export function applyProblems(action: Pick<QuickAction, 'patches'>, controllers: Controllers): string[] {
  return action.patches.flatMap((patch) => {
    const controller = controllers.get(patch.serviceId);
    if (!controller) return [`${patch.serviceId} has not been seen on the bus`];
    if (!controller.online) return [`${patch.serviceId} is offline`];
    const block = controller.blocks.find(({ id }) => id === patch.id);
    if (!block) return [`${patch.id} is not on ${patch.serviceId}`];
    return block.type === patch.type
      ? []
      : [`${patch.id} on ${patch.serviceId} is a ${block.type}, not a ${patch.type}`];
  });
}

/** The patches of each controller, in the order of the action. */
export function patchesByController(patches: readonly BlockPatch[]): Map<string, BlockPatch[]> {
  const byController = new Map<string, BlockPatch[]>();
  for (const patch of patches) byController.set(patch.serviceId, [...(byController.get(patch.serviceId) ?? []), patch]);
  return byController;
}

/** How one patch went: applied, or refused with the service's problems. */
export interface PatchOutcome {
  patch: BlockPatch;
  problems?: readonly string[];
}

/** What applying did on one controller: the blocks patched and those refused, with why. */
export interface ControllerReport {
  serviceId: string;
  applied: string[];
  failed: { blockId: string; problems: readonly string[] }[];
}

/** The outcomes of an apply, per controller in the action's order. */
export function applyReport(outcomes: readonly PatchOutcome[]): ControllerReport[] {
  const reports = new Map<string, ControllerReport>();
  for (const { patch, problems } of outcomes) {
    let report = reports.get(patch.serviceId);
    if (!report) reports.set(patch.serviceId, (report = { serviceId: patch.serviceId, applied: [], failed: [] }));
    if (problems) report.failed.push({ blockId: patch.id, problems });
    else report.applied.push(patch.id);
  }
  return [...reports.values()];
}
