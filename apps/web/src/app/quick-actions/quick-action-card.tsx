import { useState } from 'preact/hooks';
import type { Controllers } from '../../common/controller-list';
import { changesOf } from './action-changes';
import { actionState } from './action-state';
import { changeLine } from './change-words';
import { reportLine } from './apply-plan';
import type { QuickAction } from './quick-action';
import { useApplyAction, type ApplyOutcome } from './use-apply-action';

const STATE_WORDS = { active: 'Active', inactive: 'Not active', unknown: 'Unknown' } as const;

/**
 * One quick action: its name, whether it holds now (in words, with what does not hold), its
 * changes, Apply with the report of the last apply, Edit, and Delete after a confirmation.
 */
export function QuickActionCard({
  action,
  controllers,
  onEdit,
  onDelete,
}: {
  action: QuickAction;
  controllers: Controllers;
  onEdit: () => void;
  onDelete: () => Promise<void>;
}) {
  const state = actionState(action, controllers);
  const { outcome, apply } = useApplyAction(action, controllers);
  const heading = `quick-action-${action.id}`;
  return (
    <li class="panel quick-action" aria-labelledby={heading}>
      <h3 id={heading}>{action.name}</h3>
      <p class={`action-state ${state.state}`}>
        <strong>{STATE_WORDS[state.state]}</strong>
        {state.state !== 'active' && `: ${state.reason}`}
      </p>
      <ul class="changes" aria-label={`Changes of ${action.name}`}>
        {changesOf(action.patches).map((change) => (
          <li key={`${change.serviceId}/${change.blockId}/${change.field}`}>{changeLine(change)}</li>
        ))}
      </ul>
      <div class="form-actions">
        <button
          type="button"
          aria-label={`Apply ${action.name}`}
          aria-disabled={outcome?.state === 'sending'}
          onClick={apply}
        >
          Apply
        </button>
        <button type="button" aria-label={`Edit ${action.name}`} onClick={onEdit}>
          Edit
        </button>
        <DeleteAction name={action.name} onDelete={onDelete} />
      </div>
      <ApplyReport outcome={outcome} />
    </li>
  );
}

function ApplyReport({ outcome }: { outcome?: ApplyOutcome }) {
  if (!outcome) return <div role="status" />;
  if (outcome.state === 'sending') return <p role="status">Applying…</p>;
  if (outcome.state === 'refused') {
    return (
      <div role="status" class="problem">
        <p>Nothing was applied:</p>
        <ul>
          {outcome.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
    );
  }
  const failed = outcome.reports.some((report) => report.failed.length > 0);
  const applied = outcome.reports.some((report) => report.applied.length > 0);
  return (
    <div role="status" class={failed ? 'problem' : 'hint'}>
      <ul class="apply-report">
        {outcome.reports.map((report) => (
          <li key={report.serviceId}>{reportLine(report)}</li>
        ))}
      </ul>
      {failed && applied && (
        <p>
          The other patches were applied and stay applied: each block&apos;s patch is taken on its own, and the
          controllers have no transaction across controllers to undo them.
        </p>
      )}
    </div>
  );
}

function DeleteAction({ name, onDelete }: { name: string; onDelete: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState('');
  if (!asking) {
    return (
      <button type="button" aria-label={`Delete ${name}`} onClick={() => setAsking(true)}>
        Delete
      </button>
    );
  }
  const remove = () =>
    void onDelete().catch((error: Error) => setProblem(`Could not delete ${name}: ${error.message}`));
  return (
    <div role="group" aria-label={`Delete ${name}?`} class="confirm">
      <p>Delete the quick action {name}? The blocks keep their values.</p>
      <button type="button" onClick={remove}>
        Delete {name}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Keep it
      </button>
      {problem && <p class="problem">{problem}</p>}
    </div>
  );
}
