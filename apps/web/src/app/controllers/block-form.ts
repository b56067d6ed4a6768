import {
  implementsInterface,
  isTemperatureUnit,
  newItem,
  type BlockType,
  type FieldEntry,
  type Shape,
  type TemperatureUnit,
} from '@eventcast/block-model';
import type { Block } from '@eventcast/domain';
import { problemsByPath } from '../../services/service-problems';
import { unitLabel } from './block-values';
import type { ControllerView } from './controller-list';

/** One input of a block's form, made from the field's declaration in the catalogue. */
export type InputField = { name: string; value: string } & (
  | { kind: 'number'; min?: number; max?: number; integer: boolean }
  | { kind: 'quantity'; unit: string; min?: number }
  | { kind: 'bool' }
  | { kind: 'string' }
  | { kind: 'enum'; options: readonly string[] }
  | { kind: 'link'; options: readonly string[] }
);

/**
 * A list field (an array of the catalogue): `fields` are the inputs of one item, at a new item's
 * values; `value` holds the values of the items the block has.
 */
export interface ListField {
  name: string;
  kind: 'list';
  fields: FormField[];
  value: FormValues[];
}

/** An object field of the catalogue: the inputs of its own fields. */
export interface GroupField {
  name: string;
  kind: 'group';
  fields: FormField[];
}

/** One part of a block's form: an input, a list of items or a group of fields. */
export type FormField = InputField | ListField | GroupField;

/**
 * What the form holds, by field name: for an input its text (`'true'`/`'false'` for a checkbox, a
 * block id or `''` for a link), for a list the values of each item, for a group its fields' values.
 */
export interface FormValues {
  readonly [name: string]: FormValue;
}
export type FormValue = string | FormValues | readonly FormValues[];

/** What a form is made for: the controller's blocks (for the link pickers) and its user's temperature unit. */
export interface FormContext {
  blocks: readonly Block[];
  userUnit: TemperatureUnit;
}

/** The context of the forms of `controller`'s blocks, from its last state event (degC until one came). */
export function formContext(controller: ControllerView | undefined): FormContext {
  const unit = controller?.status?.temperatureUnit;
  return { blocks: controller?.blocks ?? [], userUnit: isTemperatureUnit(unit) ? unit : 'degC' };
}

/**
 * The form of `block`: a part per field that a user sets (read-only fields have none, at any
 * depth), in the catalogue's order. A quantity keeps the unit the controller sent it in (the
 * user's, for temperatures); a link offers the blocks whose type implements the field's interface;
 * an array is a list of items of its fields, an object a group of its fields.
 */
export function formFields(type: BlockType, block: Block, context: FormContext): FormField[] {
  return fieldsOf(type.shape, block.data, context);
}

function fieldsOf(shape: Shape, data: unknown, context: FormContext): FormField[] {
  const values = isRecord(data) ? data : {};
  return shape.writable.map((entry) => formField(entry, values[entry.name], context));
}

function formField(entry: FieldEntry, current: unknown, context: FormContext): FormField {
  const { name, field } = entry;
  switch (field.kind) {
    case 'number':
      return { name, kind: 'number', value: textOf(current), min: field.min, max: field.max, integer: !!field.integer };
    case 'quantity': {
      const quantity = isRecord(current) ? current : {};
      const unit = typeof quantity['unit'] === 'string' ? quantity['unit'] : field.unit;
      return { name, kind: 'quantity', value: textOf(quantity['value']), unit, min: field.min };
    }
    case 'bool':
      return { name, kind: 'bool', value: String(current === true) };
    case 'string':
      return { name, kind: 'string', value: textOf(current) };
    case 'enum':
      return { name, kind: 'enum', value: textOf(current), options: field.values };
    case 'link': {
      const options = context.blocks
        .filter((target) => implementsInterface(target.type, field.interface))
        .map(({ id }) => id);
      return { name, kind: 'link', value: textOf(isRecord(current) ? current['id'] : undefined), options };
    }
    case 'array': {
      const shape = entry.shape as Shape;
      const items = Array.isArray(current) ? current : [];
      return {
        name,
        kind: 'list',
        fields: fieldsOf(shape, newItem(entry, context.userUnit), context),
        value: items.map((item) => formValues(fieldsOf(shape, item, context))),
      };
    }
    case 'object':
      return { name, kind: 'group', fields: fieldsOf(entry.shape as Shape, current, context) };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** Whether `field` is a single input (not a list or a group). */
export function isInputField(field: FormField): field is InputField {
  return field.kind !== 'list' && field.kind !== 'group';
}

/** The starting values of the form's parts. */
export function formValues(fields: readonly FormField[]): FormValues {
  return Object.fromEntries(
    fields.map((field) => [field.name, field.kind === 'group' ? formValues(field.fields) : field.value]),
  );
}

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

/** Whether a part's value is a group's values (not an input's text or a list's items). */
export function isFormValues(value: FormValue | undefined): value is FormValues {
  return typeof value === 'object' && !Array.isArray(value);
}

/** The value of an input as a patch's `data` holds it (see {@link patchData}). */
export function dataValue(field: InputField, value: string): unknown {
  const number = value.trim() === '' ? null : Number(value);
  switch (field.kind) {
    case 'number':
      return number;
    case 'quantity':
      return { __objtype: 'Quantity', unit: field.unit, value: number };
    case 'bool':
      return value === 'true';
    case 'link':
      return value === '' ? null : value;
    default:
      return value;
  }
}

/** The label of an input: its name, and the unit of a quantity as a reader writes it. */
export function inputLabel(field: InputField): string {
  return field.kind === 'quantity' ? `${field.name} (${unitLabel(field.unit)})` : field.name;
}

/**
 * The path of every part of the form as the controller names it in its problems, without the
 * leading `data.`: `storedSetting`, `fluctuations`, `fluctuations.1.period` (items count from 0).
 */
export function formPaths(fields: readonly FormField[], values: FormValues, prefix = ''): string[] {
  return fields.flatMap((field) => {
    const path = `${prefix}${field.name}`;
    const value = values[field.name];
    if (field.kind === 'group') return [path, ...formPaths(field.fields, isFormValues(value) ? value : {}, `${path}.`)];
    if (field.kind !== 'list' || !Array.isArray(value)) return [path];
    const items = value as FormValues[];
    const itemPaths = items.flatMap((item, index) => [
      `${path}.${index}`,
      ...formPaths(field.fields, item, `${path}.${index}.`),
    ]);
    return [path, ...itemPaths];
  });
}

/**
 * The service's problems by the part of the form they name, the deepest that fits
 * (`data.fluctuations.1.period must be at least 0 second` under `fluctuations.1.period`), and the
 * others under `''`, to show each beside its input.
 */
export function problemsByField(
  problems: readonly string[],
  fields: readonly FormField[],
  values: FormValues,
): Record<string, string[]> {
  const paths = formPaths(fields, values)
    .map((path) => `data.${path}`)
    .sort((a, b) => b.length - a.length);
  const byPath = problemsByPath(problems, paths);
  return Object.fromEntries(Object.entries(byPath).map(([path, found]) => [path.replace(/^data\./, ''), found]));
}
