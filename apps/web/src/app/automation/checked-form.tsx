import { useState } from 'preact/hooks';
import { problemsByInput } from './rule-problems';

/**
 * Saving a form's document through the service, which checks it first: `save` sends it, sorts the
 * service's problems by the form's `inputs` (a failure to answer under `''`) and closes the form
 * when it was saved. `what` names the document in that failure: `the rule`.
 */
export function useCheckedSave<T>(what: string, onSave: (value: T) => Promise<string[]>, onClose: () => void) {
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const save = async (value: T, inputs: readonly string[]) => {
    if (saving) return;
    setSaving(true);
    try {
      const found = await onSave(value);
      setProblems(problemsByInput(found, inputs));
      if (found.length === 0) onClose();
    } catch (error) {
      setProblems({ '': [`Could not save ${what}: ${(error as Error).message}`] });
    } finally {
      setSaving(false);
    }
  };
  return { problems, saving, save };
}

/** The end of a checked form: the problems that are about no input, **Save <what>** and **Cancel**. */
export function CheckedFormEnd({
  what,
  problems,
  saving,
  onClose,
}: {
  what: string;
  problems: readonly string[] | undefined;
  saving: boolean;
  onClose: () => void;
}) {
  return (
    <>
      {problems && (
        <div role="alert" class="problem">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      <div class="form-actions">
        <button type="submit" disabled={saving}>
          Save {what}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </>
  );
}
