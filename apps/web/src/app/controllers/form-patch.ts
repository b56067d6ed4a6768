import {
  dataValue,
  formValues,
  isFormValues,
  type FormField,
  type FormValue,
  type FormValues,
} from '../../common/block-form';

/**
 * The `data` of the patch that applies the edited form: only the fields that differ from `before`
 * (what the form started with, or what it last saved), each in the shape the controller takes (a
 * Quantity in the shown unit, a link as the target's id). A list that changed is sent whole, as
 * the controller replaces an array whole; a group sends its fields that changed, as the controller
 * merges an object key by key. An empty number is sent as null, for the controller to judge.
 */
export function patchData(
  fields: readonly FormField[],
  values: FormValues,
  before: FormValues = formValues(fields),
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    const was = before[field.name];
    if (field.kind === 'group') {
      const changed = patchData(field.fields, isFormValues(value) ? value : {}, isFormValues(was) ? was : {});
      if (Object.keys(changed).length > 0) data[field.name] = changed;
    } else if (value !== undefined && JSON.stringify(value) !== JSON.stringify(was)) {
      data[field.name] = partData(field, value);
    }
  }
  return data;
}

/** Every field of `fields` as the controller takes it: a list's item, a group's object. */
function wholeData(fields: readonly FormField[], values: FormValues): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, partData(field, values[field.name] ?? '')]));
}

function partData(field: FormField, value: FormValue): unknown {
  switch (field.kind) {
    case 'list':
      return (Array.isArray(value) ? (value as FormValues[]) : []).map((item) => wholeData(field.fields, item));
    case 'group':
      return wholeData(field.fields, isFormValues(value) ? value : {});
    default:
      return dataValue(field, typeof value === 'string' ? value : field.value);
  }
}
