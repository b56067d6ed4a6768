import type { Controllers } from '../../common/controller-list';
import { changesOf } from './action-changes';
import { actionState, ACTION_STATE_WORDS } from './action-state';
import { ApplyReport } from './apply-report';
import { changeLine } from './change-words';
import type { QuickAction } from '../../common/quick-action';
import { useApplyAction } from './use-apply-action';
import { ConfirmDelete } from '../../ui/confirm-delete';

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
        <strong>{ACTION_STATE_WORDS[state.state]}</strong>
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
        <ConfirmDelete
          name={action.name}
          question={`Delete the quick action ${action.name}? The blocks keep their values.`}
          onDelete={onDelete}
        />
      </div>
      <ApplyReport outcome={outcome} />
    </li>
  );
}
