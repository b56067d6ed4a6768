import type { Dashboard } from '../../common/dashboards';
import type { QuickAction } from '../../common/quick-action';
import { clashingIds, type NewBlock, type WizardPlan } from './wizard-plan';

/** What the runner writes through: the controller's blocks and the datastore's documents. */
export interface WizardWriter {
  /** The ids of every block the controller has now. */
  blockIds(): Promise<string[]>;
  createBlock(block: NewBlock): Promise<void>;
  deleteBlock(id: string): Promise<void>;
  saveDocument(document: QuickAction | Dashboard): Promise<void>;
  deleteDocument(document: QuickAction | Dashboard): Promise<void>;
}

/** How a run ended: nothing written for names the controller has, everything made, or nothing kept after a failure. */
export type WizardOutcome =
  | { state: 'clash'; ids: string[] }
  | { state: 'done'; made: string[] }
  | { state: 'failed'; reason: string; removed: string[]; leftOver: string[] };

/** One thing a run makes, named as the report names it, and how to take it back. */
interface Step {
  name: string;
  make: () => Promise<void>;
  undo: () => Promise<void>;
}

/**
 * Makes what `plan` holds, all or nothing: first checks every block id against the controller's
 * blocks and writes nothing when one is taken; then creates the blocks in order, the quick actions
 * and the dashboard; when one of them fails, deletes what this run made, in reverse order, and says
 * why (and what it could not delete). `onStep` hears the name of each thing before it is made.
 */
export async function runWizard(
  plan: WizardPlan,
  writer: WizardWriter,
  onStep: (name: string) => void = () => undefined,
): Promise<WizardOutcome> {
  let existing: string[];
  try {
    existing = await writer.blockIds();
  } catch (error) {
    return {
      state: 'failed',
      reason: `the controller's blocks could not be read: ${messageOf(error)}`,
      removed: [],
      leftOver: [],
    };
  }
  const clashes = clashingIds(plan, existing);
  if (clashes.length > 0) return { state: 'clash', ids: clashes };
  const steps: Step[] = [
    ...plan.blocks.map((block) => ({
      name: block.id,
      make: () => writer.createBlock(block),
      undo: () => writer.deleteBlock(block.id),
    })),
    ...[...plan.actions, plan.dashboard].map((document) => ({
      name: 'name' in document ? `quick action ${document.name}` : `dashboard ${document.title}`,
      make: () => writer.saveDocument(document),
      undo: () => writer.deleteDocument(document),
    })),
  ];
  const made: Step[] = [];
  for (const step of steps) {
    onStep(step.name);
    try {
      await step.make();
    } catch (error) {
      return { state: 'failed', reason: `${step.name}: ${messageOf(error)}`, ...(await undo(made.reverse())) };
    }
    made.push(step);
  }
  return { state: 'done', made: made.map(({ name }) => name) };
}

/** Takes back `steps` one by one, each whatever became of the others. */
async function undo(steps: readonly Step[]): Promise<{ removed: string[]; leftOver: string[] }> {
  const removed: string[] = [];
  const leftOver: string[] = [];
  for (const step of steps) {
    try {
      await step.undo();
      removed.push(step.name);
    } catch (error) {
      leftOver.push(`${step.name} (${messageOf(error)})`);
    }
  }
  return { removed, leftOver };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
