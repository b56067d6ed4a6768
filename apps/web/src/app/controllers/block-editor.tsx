import { useState } from 'preact/hooks';
import { findBlockType } from '@eventcast/block-model';
import type { Block } from '@eventcast/domain';
import { formFields, formValues, inputLabel, patchData, problemsByField, type FormField } from './block-form';
import { useControllerCall } from './use-controller-call';

/**
 * The form of one block, made from its type's declaration in the catalogue: a patch of the fields
 * changed, sent with Save; the service's problems beside the fields they name. The new values show
 * in the card at the controller's next event.
 */
export function BlockEditor({
  block,
  blocks,
  onClose,
}: {
  block: Block;
  blocks: readonly Block[];
  onClose: () => void;
}) {
  const type = findBlockType(block.type);
  const [fields] = useState(() => (type ? formFields(type, block, blocks) : []));
  const [values, setValues] = useState(() => formValues(fields));
  const { outcome, run } = useControllerCall(block.serviceId);
  const problems = outcome?.state === 'refused' ? problemsByField(outcome.problems) : {};
  const idOf = (name: string) => `edit-${block.id.replace(/\s+/g, '_')}-${name}`;
  const set = (name: string, value: string) => setValues((previous) => ({ ...previous, [name]: value }));

  const submit = (event: Event) => {
    event.preventDefault();
    const { id, serviceId, type: typeName } = block;
    run((client) =>
      client.POST('/blocks/patch', { body: { id, serviceId, type: typeName, data: patchData(fields, values) } }),
    );
  };

  return (
    <form class="block-form" aria-label={`Edit ${block.id}`} onSubmit={submit} noValidate>
      {fields.map((field) => (
        <div key={field.name} class="form-field">
          <label for={idOf(field.name)}>{inputLabel(field)}</label>
          <FieldInput
            field={field}
            id={idOf(field.name)}
            value={values[field.name] ?? ''}
            onChange={(value) => set(field.name, value)}
            problem={problems[field.name] && `${idOf(field.name)}-problem`}
          />
          {problems[field.name] && (
            <p id={`${idOf(field.name)}-problem`} class="problem">
              {problems[field.name].join('; ')}
            </p>
          )}
        </div>
      ))}
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

export interface FieldInputProps {
  field: FormField;
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The id of the problem shown beside the input, if any. */
  problem?: string;
}

/** The input of one field of a block's form: a checkbox, a select of names or blocks, a text or number input. */
export function FieldInput({ field, id, value, onChange, problem }: FieldInputProps) {
  const common = { id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem };
  const onInput = (event: Event) => onChange((event.currentTarget as HTMLInputElement | HTMLSelectElement).value);
  switch (field.kind) {
    case 'bool':
      return (
        <input
          {...common}
          type="checkbox"
          checked={value === 'true'}
          onChange={(event) => onChange(String(event.currentTarget.checked))}
        />
      );
    case 'enum':
    case 'link':
      return (
        <select {...common} value={value} onChange={onInput}>
          {field.kind === 'link' && <option value="">not set</option>}
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    case 'string':
      return <input {...common} type="text" value={value} onInput={onInput} />;
    default:
      return (
        <input
          {...common}
          type="number"
          step="any"
          value={value}
          min={field.min}
          max={field.kind === 'number' ? field.max : undefined}
          onInput={onInput}
        />
      );
  }
}
