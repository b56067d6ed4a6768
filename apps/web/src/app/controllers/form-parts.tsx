import { useEffect, useRef, useState } from 'preact/hooks';
import {
  formWarnings,
  inputLabel,
  isFormValues,
  type FormField,
  type FormValue,
  type FormValues,
  type GroupField,
  type InputField,
  type ListField,
} from '../../common/block-form';
import { FieldInput } from '../../common/field-input';
import { itemName, withNewItem, withoutItem } from '../../common/list-field';

/** What every part of a block's form needs besides its own field and value. */
export interface PartContext {
  /** The element id of the part at a path (`fluctuations.1.period`). */
  idOf: (path: string) => string;
  /** The service's problems by path, from `problemsByField`. */
  problems: Readonly<Record<string, string[]>>;
}

interface PartsProps {
  fields: readonly FormField[];
  values: FormValues;
  onChange: (values: FormValues) => void;
  context: PartContext;
  /** The path of the list item or group that holds the fields, `''` at the top. */
  path: string;
  /** The ids of the legends around the fields, which name their inputs with their own labels. */
  names: readonly string[];
}

/**
 * The parts of a block's form for `fields`: inputs, lists of items and groups, in order, each
 * warned of when its setting cannot work together with the others.
 */
export function FormParts({ fields, values, onChange, ...rest }: PartsProps) {
  const warnings = formWarnings(fields, values);
  return (
    <>
      {fields.map((field) => (
        <FormPart
          key={field.name}
          {...rest}
          field={field}
          warning={warnings[field.name]}
          value={values[field.name]}
          onChange={(value) => onChange({ ...values, [field.name]: value })}
          path={rest.path === '' ? field.name : `${rest.path}.${field.name}`}
        />
      ))}
    </>
  );
}

interface PartProps<F extends FormField> {
  field: F;
  /** Why the field's setting cannot work, if it cannot. */
  warning?: string;
  value: FormValue | undefined;
  onChange: (value: FormValue) => void;
  context: PartContext;
  path: string;
  names: readonly string[];
}

function FormPart(props: PartProps<FormField>) {
  const { field } = props;
  switch (field.kind) {
    case 'list':
      return <ListPart {...props} field={field} />;
    case 'group':
      return <GroupPart {...props} field={field} />;
    default:
      return <InputPart {...props} field={field} />;
  }
}

/** The service's problems about `path`, with the id that describes the part they are about. */
function Problem({ context, path }: { context: PartContext; path: string }) {
  const found = context.problems[path];
  return found ? (
    <p id={`${context.idOf(path)}-problem`} class="problem">
      {found.join('; ')}
    </p>
  ) : null;
}

function problemId(context: PartContext, path: string): string | undefined {
  return context.problems[path] ? `${context.idOf(path)}-problem` : undefined;
}

function InputPart({ field, value, warning, onChange, context, path, names }: PartProps<InputField>) {
  const id = context.idOf(path);
  const shown = typeof value === 'string' ? value : field.value;
  const described = [field.help && `${id}-help`, warning && `${id}-warning`].filter(Boolean).join(' ');
  return (
    <div class="form-field">
      {field.kind !== 'trigger' && (
        <label id={`${id}-label`} for={id}>
          {inputLabel(field)}
        </label>
      )}
      <FieldInput
        field={field}
        id={id}
        value={shown}
        onChange={onChange}
        problem={problemId(context, path)}
        describedBy={described || undefined}
        labelledBy={names.length > 0 && field.kind !== 'trigger' ? [...names, `${id}-label`].join(' ') : undefined}
      />
      {field.help && (
        <p id={`${id}-help`} class="hint">
          {field.kind === 'trigger' && shown !== field.value ? `Asked: ${field.help}` : field.help}
        </p>
      )}
      {warning && (
        <p id={`${id}-warning`} class="problem">
          Warning: {warning}
        </p>
      )}
      <Problem context={context} path={path} />
    </div>
  );
}

function GroupPart({ field, value, onChange, context, path, names }: PartProps<GroupField>) {
  const legend = `${context.idOf(path)}-legend`;
  return (
    <fieldset class="form-group" aria-describedby={problemId(context, path)}>
      <legend id={legend}>{field.label}</legend>
      <Problem context={context} path={path} />
      <FormParts
        fields={field.fields}
        values={isFormValues(value) ? value : {}}
        onChange={onChange}
        context={context}
        path={path}
        names={[...names, legend]}
      />
    </fieldset>
  );
}

function ListPart({ field, value, onChange, context, path, names }: PartProps<ListField>) {
  const items = Array.isArray(value) ? (value as FormValues[]) : field.value;
  const legend = `${context.idOf(path)}-legend`;
  const addButton = useRef<HTMLButtonElement>(null);
  // The keyboard focus follows the change: into the item added, to Add when the item's Remove went.
  const [added, setAdded] = useState<number>();
  useEffect(() => {
    if (added === undefined) return;
    document
      .getElementById(context.idOf(`${path}.${added}`))
      ?.querySelector<HTMLElement>('input, select')
      ?.focus();
    setAdded(undefined);
  }, [added, context, path]);
  const add = () => {
    onChange(withNewItem(field, items));
    setAdded(items.length);
  };
  const remove = (index: number) => {
    onChange(withoutItem(items, index));
    addButton.current?.focus();
  };
  return (
    <fieldset class="form-group" aria-describedby={problemId(context, path)}>
      <legend id={legend}>{field.label}</legend>
      <Problem context={context} path={path} />
      {items.length === 0 && <p class="hint">No items.</p>}
      {items.map((item, index) => {
        const itemPath = `${path}.${index}`;
        const itemLegend = `${context.idOf(itemPath)}-legend`;
        return (
          <fieldset
            key={index}
            id={context.idOf(itemPath)}
            class="form-item"
            aria-labelledby={`${legend} ${itemLegend}`}
            aria-describedby={problemId(context, itemPath)}
          >
            <legend id={itemLegend}>item {index + 1}</legend>
            <Problem context={context} path={itemPath} />
            <FormParts
              fields={field.fields}
              values={item}
              onChange={(changed) => onChange(items.map((old, at) => (at === index ? changed : old)))}
              context={context}
              path={itemPath}
              names={[...names, legend, itemLegend]}
            />
            <div class="form-actions">
              <button type="button" aria-label={`Remove ${itemName(field, index)}`} onClick={() => remove(index)}>
                Remove
              </button>
            </div>
          </fieldset>
        );
      })}
      <div class="form-actions">
        <button type="button" ref={addButton} onClick={add}>
          Add {field.label} item
        </button>
      </div>
    </fieldset>
  );
}
