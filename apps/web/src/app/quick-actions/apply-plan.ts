import type { Controllers } from '../../common/controller-list';
import { patchedBlock } from './action-state';
import type { BlockPatch, QuickAction } from '../../common/quick-action';

/**
 * Why the quick action cannot be applied now, one line each, before anything is sent: a controller
 * not on the bus or offline, a block gone or of another type than when the action was saved.
 */
export function applyProblems(action: Pick<QuickAction, 'patches'>, controllers: Controllers): string[] {
  return action.patches.flatMap((patch) => {
    const found = patchedBlock(patch, controllers);
    if ('unknown' in found) return [found.unknown];
    if ('missing' in found) return [found.missing];
    const { type } = found.block;
    return type === patch.type ? [] : [`${patch.id} on ${patch.serviceId} is a ${type}, not a ${patch.type}`];
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

/** One controller's line of the report: `cellar: patched A, B. C not patched: <the controller's message>.` */
export function reportLine({ serviceId, applied, failed }: ControllerReport): string {
  const parts = [
    ...(applied.length > 0 ? [`patched ${applied.join(', ')}.`] : []),
    ...failed.map(({ blockId, problems }) => `${blockId} not patched: ${problems.join('; ')}.`),
  ];
  return `${serviceId}: ${parts.join(' ')}`;
}
