import { useState } from 'preact/hooks';
import { findBlockType } from '@eventcast/block-model';
import { dataValue, formContext, formFields, inputLabel, isInputField } from '../../common/block-form';
import { controllersInOrder, type Controllers } from '../../common/controller-list';
import { FieldInput } from '../../common/field-input';
import type { Change } from './action-changes';

/**
 * Picks one change of a quick action: a controller, one of its blocks, a field a user sets (from
 * the block type's declaration in the catalogue, as the block's form offers them) and its value,
 * with the input of the block's form (a quantity in the unit the controller sends it in, a link
 * among the blocks of the right interface). The value starts as the block's current one.
 */
export function ChangePicker({ controllers, onAdd }: { controllers: Controllers; onAdd: (change: Change) => void }) {
  const [serviceId, setServiceId] = useState('');
  const [blockId, setBlockId] = useState('');
  const [fieldName, setFieldName] = useState('');
  const [text, setText] = useState<string>();
  const context = formContext(controllers.get(serviceId));
  const { blocks } = context;
  const block = blocks.find(({ id }) => id === blockId);
  const type = block && findBlockType(block.type);
  // A change sets one value: lists and groups of fields are edited in the block's form only.
  const fields = block && type ? formFields(type, block, context).filter(isInputField) : [];
  const field = fields.find(({ name }) => name === fieldName);

  const choose =
    (set: (value: string) => void, ...reset: Array<(value: string) => void>) =>
    (event: Event) => {
      set((event.currentTarget as HTMLSelectElement).value);
      for (const clear of reset) clear('');
      setText(undefined);
    };
  const add = () => {
    if (!block || !field) return;
    onAdd({ serviceId, blockId, type: block.type, field: field.name, value: dataValue(field, text ?? field.value) });
    setText(undefined);
  };

  return (
    <fieldset class="change-picker">
      <legend>Add a change</legend>
      <div class="form-field">
        <label for="change-controller">Controller</label>
        <select id="change-controller" value={serviceId} onChange={choose(setServiceId, setBlockId, setFieldName)}>
          <option value="">Choose a controller</option>
          {controllersInOrder(controllers).map(({ id }) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </div>
      <div class="form-field">
        <label for="change-block">Block</label>
        <select id="change-block" value={blockId} onChange={choose(setBlockId, setFieldName)} disabled={!serviceId}>
          <option value="">Choose a block</option>
          {blocks.map(({ id }) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </div>
      <div class="form-field">
        <label for="change-field">Field</label>
        <select id="change-field" value={fieldName} onChange={choose(setFieldName)} disabled={!block}>
          <option value="">Choose a field</option>
          {fields.map(({ name, label }) => (
            <option key={name} value={name}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {field && (
        <div class="form-field">
          <label for="change-value">{inputLabel(field)}</label>
          <FieldInput field={field} id="change-value" value={text ?? field.value} onChange={setText} />
        </div>
      )}
      <div class="form-actions">
        <button type="button" onClick={add} aria-disabled={!field}>
          Add change
        </button>
      </div>
    </fieldset>
  );
}
