import { useState } from 'preact/hooks';
import type { Controllers } from '../../common/controller-list';
import { useConnection } from '../services-context';
import { actionOrigin, applyPatches } from './apply-action';
import { applyProblems, applyReport, type ControllerReport } from './apply-plan';
import type { QuickAction } from '../../common/quick-action';

/** How the last apply went: refused before sending (nothing sent), sending, or each controller's report. */
export type ApplyOutcome =
  { state: 'refused'; problems: string[] } | { state: 'sending' } | { state: 'done'; reports: ControllerReport[] };

/**
 * Applies a quick action: first checks that every controller it patches is online with the
 * blocks it names (else sends nothing), then sends one patch per block and reports per
 * controller. What the patches changed shows through the controllers' next events.
 */
export function useApplyAction(action: QuickAction, controllers: Controllers) {
  const { services } = useConnection();
  const [outcome, setOutcome] = useState<ApplyOutcome>();
  const apply = () => {
    if (outcome?.state === 'sending') return;
    const problems = applyProblems(action, controllers);
    if (problems.length > 0) return setOutcome({ state: 'refused', problems });
    setOutcome({ state: 'sending' });
    void applyPatches(action.patches, services.controller, actionOrigin(action.name)).then((outcomes) =>
      setOutcome({ state: 'done', reports: applyReport(outcomes) }),
    );
  };
  return { outcome, apply };
}
