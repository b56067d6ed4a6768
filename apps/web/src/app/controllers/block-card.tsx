import { useEffect, useRef, useState } from 'preact/hooks';
import { findBlockType, typeText } from '@eventcast/block-model';
import type { Block } from '@eventcast/domain';
import { BlockEditor } from './block-editor';
import type { FormContext } from '../../common/block-form';
import { DeleteBlock } from './delete-block';
import { shownFields, type ShownField, type ShownValue } from '../../common/block-values';

/** The element id of a block's card, which links to the block point at. */
export function blockAnchor(id: string): string {
  return `block-${id.replace(/\s+/g, '_')}`;
}

/**
 * One block: its name, its type's title and every field of its data as the controller last sent it, read-only
 * fields marked; Edit opens its form, Delete asks before it deletes (system blocks have none).
 * `context` is what the form needs of the controller: its blocks, for the link pickers, and its user's unit.
 */
export function BlockCard({ block, context }: { block: Block; context: FormContext }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // The focus goes back to Edit when the form closes, not when the card first shows.
  const closed = useRef(false);
  useEffect(() => {
    if (!editing && closed.current) editButton.current?.focus();
  }, [editing]);
  const close = () => {
    closed.current = true;
    setEditing(false);
  };
  const heading = `${blockAnchor(block.id)}-name`;
  return (
    <li id={blockAnchor(block.id)} class="panel block" aria-labelledby={heading}>
      <h2 id={heading}>{block.id}</h2>
      <p class="hint">{typeText(block.type).label}</p>
      <FieldList fields={shownFields(block.data, findBlockType(block.type)?.shape)} />
      {editing ? (
        <BlockEditor block={block} context={context} onClose={close} />
      ) : (
        <div class="form-actions">
          <button ref={editButton} type="button" onClick={() => setEditing(true)} aria-label={`Edit ${block.id}`}>
            Edit
          </button>
          {!findBlockType(block.type)?.system && <DeleteBlock block={block} />}
        </div>
      )}
    </li>
  );
}

function FieldList({ fields }: { fields: ShownField[] }) {
  return (
    <dl class="facts">
      {fields.map(({ name, label, value, readonly }) => (
        <div key={name} class="fact">
          <dt>
            {label}
            {readonly && <span class="read-only"> read-only</span>}
          </dt>
          <dd>
            <Value value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Value({ value }: { value: ShownValue }) {
  switch (value.kind) {
    case 'text':
      return <>{value.text}</>;
    case 'link':
      return value.target === null ? (
        <span class="hint">not set</span>
      ) : (
        <a href={`#${blockAnchor(value.target)}`}>{value.target}</a>
      );
    case 'list':
      return value.items.length === 0 ? (
        <span class="hint">none</span>
      ) : (
        <ol class="items">
          {value.items.map((item, index) => (
            <li key={index}>
              <Value value={item} />
            </li>
          ))}
        </ol>
      );
    case 'fields':
      return <FieldList fields={value.fields} />;
  }
}
