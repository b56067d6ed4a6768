import type { Controllers } from '../../common/controller-list';
import type { WidgetConfig, WidgetEditorProps, WidgetProps, WidgetType } from '../../common/dashboards';
import type { QuickAction } from '../../common/quick-action';
import { useControllers } from '../../common/use-controllers';
import { actionState, ACTION_STATE_WORDS } from './action-state';
import { ApplyReport } from './apply-report';
import { shownActions, toggledActionIds } from './shown-actions';
import { useApplyAction } from './use-apply-action';
import { useQuickActions } from '../../common/use-quick-actions';
import './quick-actions-widget.css';

type QuickActionsConfig = Extract<WidgetConfig, { kind: 'quick-actions' }>;

/** A button per quick action (all, or those the widget names): one click applies it, and its report shows below. */
function QuickActionsWidget({ widget }: WidgetProps<QuickActionsConfig>) {
  const { actions, problem } = useQuickActions();
  const { controllers } = useControllers();
  const shown = shownActions(actions, widget.config.actionIds);
  return (
    <div class="quick-actions-widget">
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {shown.length === 0 && !problem && <p class="hint">No quick action to show: save one on the Controllers page.</p>}
      <ul aria-label={widget.title}>
        {shown.map((action) => (
          <QuickActionButton key={action.id} action={action} controllers={controllers} />
        ))}
      </ul>
    </div>
  );
}

function QuickActionButton({ action, controllers }: { action: QuickAction; controllers: Controllers }) {
  const { state } = actionState(action, controllers);
  const { outcome, apply } = useApplyAction(action, controllers);
  return (
    <li>
      <button
        type="button"
        class={`quick-action-button ${state}`}
        aria-disabled={outcome?.state === 'sending'}
        onClick={apply}
      >
        <span class="quick-action-name">{action.name}</span>
        <span class="quick-action-state">{ACTION_STATE_WORDS[state]}</span>
      </button>
      <ApplyReport outcome={outcome} />
    </li>
  );
}

/** Ticks the quick actions the widget shows; all are ticked at first, and a new action shows while all are. */
function QuickActionsWidgetEditor({ config, onChange }: WidgetEditorProps<QuickActionsConfig>) {
  const { actions, problem } = useQuickActions();
  const chosen = shownActions(actions, config.actionIds);
  return (
    <fieldset class="quick-actions-choice">
      <legend>Quick actions to show</legend>
      {problem && <p class="problem">{problem}</p>}
      {actions.length === 0 && !problem && <p class="hint">No quick action saved yet.</p>}
      {actions.map((action) => (
        <label key={action.id}>
          <input
            type="checkbox"
            checked={chosen.includes(action)}
            onChange={(event) =>
              onChange(
                {
                  kind: 'quick-actions',
                  actionIds: toggledActionIds(actions, config.actionIds, action.id, event.currentTarget.checked),
                },
                'Quick actions',
              )
            }
          />
          {action.name}
        </label>
      ))}
    </fieldset>
  );
}

/** The quick actions in a widget (docs/web.md, "Graph, metrics and quick-action widgets"). */
export const quickActionsWidget: WidgetType<QuickActionsConfig> = {
  label: 'Quick actions',
  defaults: { kind: 'quick-actions' },
  size: { w: 3, h: 3 },
  Component: QuickActionsWidget,
  Editor: QuickActionsWidgetEditor,
};
