import { useState } from 'preact/hooks';
import type { Controllers } from '../../common/controller-list';
import { ChangePicker } from './change-picker';
import { actionProblems, changesOf, withChange, withoutChange } from './action-changes';
import { fieldLabel } from '../../common/field-words';
import { changeLine } from './change-words';
import { QUICK_ACTIONS_NAMESPACE, quickActionId, type QuickAction } from '../../common/quick-action';

/**
 * Creates a quick action, or edits `action`: its name and its changes, each added with the picker
 * or removed from the list. Save checks every value against its block type first and writes
 * nothing while a problem remains; the service's message shows when it refuses the document.
 */
export function QuickActionEditor({
  action,
  controllers,
  onSave,
  onClose,
}: {
  action?: QuickAction;
  controllers: Controllers;
  onSave: (action: QuickAction) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(action?.name ?? '');
  const [patches, setPatches] = useState(action?.patches ?? []);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const title = action ? `Edit ${action.name}` : 'New quick action';

  const submit = (event: Event) => {
    event.preventDefault();
    void save();
  };
  const save = async () => {
    const found = actionProblems(name, patches);
    setProblems(found);
    if (found.length > 0 || saving) return;
    const trimmed = name.trim();
    setSaving(true);
    try {
      await onSave({
        namespace: QUICK_ACTIONS_NAMESPACE,
        id: action?.id ?? quickActionId(trimmed),
        name: trimmed,
        patches,
      });
      onClose();
    } catch (error) {
      setProblems([`Could not save ${trimmed}: ${(error as Error).message}`]);
      setSaving(false);
    }
  };

  return (
    <form class="panel quick-action-form" aria-label={title} onSubmit={submit} noValidate>
      <h3>{title}</h3>
      <div class="form-field">
        <label for="quick-action-name">Quick action name</label>
        <input
          id="quick-action-name"
          type="text"
          maxLength={100}
          value={name}
          onInput={(event) => setName(event.currentTarget.value)}
        />
      </div>
      <ul class="changes" aria-label={`Changes of ${name.trim() || 'the new quick action'}`}>
        {changesOf(patches).map((change) => (
          <li key={`${change.serviceId}/${change.blockId}/${change.field}`}>
            <span>{changeLine(change)}</span>
            <button
              type="button"
              aria-label={`Remove ${change.blockId} ${fieldLabel(change.type, change.field)} on ${change.serviceId}`}
              onClick={() => setPatches((previous) => withoutChange(previous, change))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <ChangePicker
        controllers={controllers}
        onAdd={(change) => setPatches((previous) => withChange(previous, change))}
      />
      {problems.length > 0 && (
        <div role="alert" class="problem">
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <div class="form-actions">
        <button type="submit">Save quick action</button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
