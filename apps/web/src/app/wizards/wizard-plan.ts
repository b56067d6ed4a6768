import type { Dashboard } from '../../common/dashboards';
import type { QuickAction } from '../../common/quick-action';

/** A block a wizard creates: its id, type and data, as the controller's `/blocks/create` takes it. */
export interface NewBlock {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/** Everything a wizard makes on one controller, in the order it makes it. */
export interface WizardPlan {
  serviceId: string;
  /** The blocks, each after the blocks it links to. */
  blocks: NewBlock[];
  actions: QuickAction[];
  dashboard: Dashboard;
}

/** The plan's block ids that the controller already has, in the plan's order. */
export function clashingIds(plan: WizardPlan, existing: Iterable<string>): string[] {
  const taken = new Set(existing);
  return plan.blocks.map(({ id }) => id).filter((id) => taken.has(id));
}
