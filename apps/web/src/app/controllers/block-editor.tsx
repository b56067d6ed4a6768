import { useEffect, useRef, useState } from 'preact/hooks';
import { findBlockType } from '@eventcast/block-model';
import type { Block } from '@eventcast/domain';
import { formFields, formValues, type FormContext } from '../../common/block-form';
import { FormParts } from './form-parts';
import { patchData } from './form-patch';
import { problemsByField } from '../../common/form-problems';
import { useControllerCall } from './use-controller-call';

/**
 * The form of one block, made from its type's declaration in the catalogue: a patch of the fields
 * changed, sent with Save; the service's problems beside the fields they name. The new values show
 * in the card at the controller's next event. The keyboard focus starts in its first field; Close
 * and Escape close it without sending what was not saved.
 */
export function BlockEditor({ block, context, onClose }: { block: Block; context: FormContext; onClose: () => void }) {
  const type = findBlockType(block.type);
  const [fields] = useState(() => (type ? formFields(type, block, context) : []));
  const [values, setValues] = useState(() => formValues(fields));
  // The problems name the items of the lists as they were sent, whatever was added or removed since.
  const [sent, setSent] = useState(values);
  // A second Save patches what changed since the first one took.
  const [saved, setSaved] = useState(values);
  const { outcome, run } = useControllerCall(block.serviceId);
  const problems = outcome?.state === 'refused' ? problemsByField(outcome.problems, fields, sent) : {};
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus(), []);
  const idOf = (path: string) => `edit-${block.id.replace(/\s+/g, '_')}-${path.replace(/\./g, '-')}`;

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  const submit = (event: Event) => {
    event.preventDefault();
    const { id, serviceId, type: typeName } = block;
    const sending = values;
    setSent(sending);
    run(
      (client) =>
        client.POST('/blocks/patch', {
          body: { id, serviceId, type: typeName, data: patchData(fields, sending, saved) },
        }),
      () => setSaved(sending),
    );
  };

  return (
    <form
      ref={form}
      class="block-form"
      aria-label={`Edit ${block.id}`}
      onSubmit={submit}
      onKeyDown={closeOnEscape}
      noValidate
    >
      <FormParts fields={fields} values={values} onChange={setValues} context={{ idOf, problems }} path="" names={[]} />
      {problems[''] && <p class="problem">{problems[''].join('; ')}</p>}
      <div class="form-actions">
        <button type="submit">Save</button>
        <button type="button" onClick={onClose}>
          Close
        </button>
        <span role="status" class="hint">
          {outcome?.state === 'sending' ? 'Saving…' : outcome?.state === 'done' ? 'Saved.' : ''}
        </span>
      </div>
    </form>
  );
}

/** The first control of a form that a user fills in; a form of lists alone starts on its first button. */
const FIRST_FIELD = 'input, select, textarea, button';
