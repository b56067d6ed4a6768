import type { Controllers } from '../../common/controller-list';
import { useEditorSlot } from '../../common/editor-slot';
import { QuickActionCard } from './quick-action-card';
import { QuickActionEditor } from './quick-action-editor';
import type { QuickAction } from '../../common/quick-action';
import { useQuickActions } from '../../common/use-quick-actions';

/**
 * The quick actions on the Controllers page: saved sets of block patches, across controllers,
 * applied in one click and marked active while every value they set holds in `controllers`.
 */
export function QuickActionsSection({ controllers }: { controllers: Controllers }) {
  const { actions, problem, save, remove } = useQuickActions();
  const { editing, newButton, edit, close } = useEditorSlot<QuickAction>();
  return (
    <section class="quick-actions" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title">Quick actions</h2>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {editing === undefined ? (
        <button type="button" ref={newButton} onClick={() => edit(null)}>
          New quick action
        </button>
      ) : (
        <QuickActionEditor
          key={editing?.id ?? 'new'}
          action={editing ?? undefined}
          controllers={controllers}
          onSave={save}
          onClose={close}
        />
      )}
      {actions.length === 0 && !problem && <p class="hint">No quick action saved yet.</p>}
      <ul class="cards" aria-label="Quick actions">
        {actions.map((action) => (
          <QuickActionCard
            key={action.id}
            action={action}
            controllers={controllers}
            onEdit={() => edit(action)}
            onDelete={() => remove(action)}
          />
        ))}
      </ul>
    </section>
  );
}
