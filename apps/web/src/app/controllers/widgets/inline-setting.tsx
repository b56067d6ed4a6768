import { useState } from 'preact/hooks';
import type { Block } from '@eventcast/domain';
import { dataValue, inputLabel, type InputField } from '../../../common/block-form';
import { problemsByField } from '../../../common/form-problems';
import { useControllerCall } from '../use-controller-call';
import { outcomeText } from './call-words';

/**
 * One setting of a block (`field`, a number or a quantity of the block's form, in the unit the
 * controller sends it in) edited in place: Enter or Set sends a patch of it alone; the service's
 * refusal shows below in the form's words. What the user typed stays, whatever the live events
 * say, until it is saved or Escape drops it; then the input shows the block's setting again.
 */
export function InlineSetting({ block, field }: { block: Block; field: InputField }) {
  const [draft, setDraft] = useState<string>();
  const [sent, setSent] = useState('');
  const { outcome, run } = useControllerCall(block.serviceId);
  const problems =
    outcome?.state === 'refused' ? problemsByField(outcome.problems, [field], { [field.name]: sent }) : {};
  const problem = [...(problems[field.name] ?? []), ...(problems[''] ?? [])].join('; ');
  const submit = (event: Event) => {
    event.preventDefault();
    const sending = draft ?? field.value;
    const { id, serviceId, type } = block;
    setSent(sending);
    run(
      (client) =>
        client.POST('/blocks/patch', {
          body: { id, serviceId, type, data: { [field.name]: dataValue(field, sending) } },
        }),
      () => setDraft(undefined),
    );
  };
  const undo = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || draft === undefined) return;
    event.preventDefault();
    setDraft(undefined);
  };
  const unsaved = draft !== undefined && outcome?.state !== 'sending';
  return (
    <form class="inline-setting" onSubmit={submit} aria-label={`${field.label} of ${block.id}`}>
      <label>
        {inputLabel(field)}{' '}
        <input
          type="number"
          inputMode="decimal"
          step="any"
          value={draft ?? field.value}
          onInput={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={undo}
          aria-invalid={problem !== '' || undefined}
        />
      </label>
      <button type="submit">Set</button>
      <span role="status" class="hint">
        {unsaved ? 'Not set yet: Enter sets it, Escape undoes it' : outcomeText(outcome)}
      </span>
      {problem && <p class="problem">{problem}</p>}
    </form>
  );
}
