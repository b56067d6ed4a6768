import { useState } from 'preact/hooks';

/**
 * A "Delete" button that asks first: `question` says what goes, "Delete <name>" deletes, "Keep it"
 * keeps it; a refusal shows the service's message beside them.
 */
export function ConfirmDelete({
  name,
  question,
  onDelete,
}: {
  name: string;
  question: string;
  onDelete: () => Promise<void>;
}) {
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
      <p>{question}</p>
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
