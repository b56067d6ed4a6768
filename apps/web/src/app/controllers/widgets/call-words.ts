import type { CallOutcome } from '../use-controller-call';

/** How a widget says where its last change stands: `Saving…`, `Saved.`, or nothing (a refusal shows its problems). */
export function outcomeText(outcome: CallOutcome | undefined): string {
  if (outcome?.state === 'sending') return 'Saving…';
  return outcome?.state === 'done' ? 'Saved.' : '';
}
