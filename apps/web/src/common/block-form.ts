import {
  enumText,
  fieldText,
  implementsInterface,
  isTemperatureUnit,
  newItem,
  settingWarnings,
  type BlockType,
  type FieldEntry,
  type Shape,
  type TemperatureUnit,
} from '@eventcast/block-model';
import type { Block } from '@eventcast/domain';
import { unitLabel } from '../ui/unit-label';
import type { ControllerView } from './controller-list';

/** A choice of a select: the value sent and the words shown. */
export interface InputOption {
  value: string;
  label: string;
}

/**
 * One input of a block's form, made from the field's declaration in the catalogue: its name, the
 * owner of its shape (the type, or `TempSensorMock.fluctuations` for an item's field), its label
 * and help text. A `number` may carry the unit a user reads it in (`%`); a `trigger` is a button
 * (`Pid.integralReset`) whose value counts the presses, any of which does the thing on Save.
 */
export type InputField = { name: string; owner: string; label: string; help: string; value: string } & (
  | { kind: 'number'; min?: number; max?: number; integer: boolean; unit?: string }
  | { kind: 'quantity'; unit: string; min?: number }
  | { kind: 'bool' }
  | { kind: 'string' }
  | { kind: 'enum'; options: readonly InputOption[] }
  | { kind: 'link'; options: readonly InputOption[] }
  | { kind: 'trigger' }
);

/**
 * A list field (an array of the catalogue): `fields` are the inputs of one item, at a new item's
 * values; `value` holds the values of the items the block has.
 */
export interface ListField {
  name: string;
  label: string;
  help: string;
  kind: 'list';
  fields: FormField[];
  value: FormValues[];
}

/** An object field of the catalogue: the inputs of its own fields. */
export interface GroupField {
  name: string;
  label: string;
  help: string;
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
  return shape.writable.map((entry) => formField(shape, entry, values[entry.name], context));
}

function formField(shape: Shape, entry: FieldEntry, current: unknown, context: FormContext): FormField {
  const { field } = entry;
  const { unit: shownUnit, ...text } = fieldText(shape.owner, entry.name);
  const name = { name: entry.name, owner: shape.owner, ...text };
  switch (field.kind) {
    case 'number':
      // A field that is neither stored nor computed is a trigger (docs/blocks.md, "Field kinds and flags").
      if (!field.stored && !shape.owner.includes('.')) return { ...name, kind: 'trigger', value: '0' };
      return {
        ...name,
        kind: 'number',
        value: textOf(current),
        min: field.min,
        max: field.max,
        integer: !!field.integer,
        unit: shownUnit,
      };
    case 'quantity': {
      const quantity = isRecord(current) ? current : {};
      const unit = typeof quantity['unit'] === 'string' ? quantity['unit'] : field.unit;
      return { ...name, kind: 'quantity', value: textOf(quantity['value']), unit, min: field.min };
    }
    case 'bool':
      return { ...name, kind: 'bool', value: String(current === true) };
    case 'string':
      return { ...name, kind: 'string', value: textOf(current) };
    case 'enum': {
      const options = field.values.map((value) => ({ value, label: enumText(value).label }));
      return { ...name, kind: 'enum', value: textOf(current), options };
    }
    case 'link': {
      const options = context.blocks
        .filter((target) => implementsInterface(target.type, field.interface))
        .map(({ id }) => ({ value: id, label: id }));
      return { ...name, kind: 'link', value: textOf(isRecord(current) ? current['id'] : undefined), options };
    }
    case 'array': {
      const shape = entry.shape as Shape;
      const items = Array.isArray(current) ? current : [];
      return {
        ...text,
        name: entry.name,
        kind: 'list',
        fields: fieldsOf(shape, newItem(entry, context.userUnit), context),
        value: items.map((item) => formValues(fieldsOf(shape, item, context))),
      };
    }
    case 'object':
      return { ...text, name: entry.name, kind: 'group', fields: fieldsOf(entry.shape as Shape, current, context) };
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

/** Whether a part's value is a group's values (not an input's text or a list's items). */
export function isFormValues(value: FormValue | undefined): value is FormValues {
  return typeof value === 'object' && !Array.isArray(value);
}

/** The value of an input as a patch's `data` holds it: a Quantity in the shown unit, a link as the block's id, an empty number as null. */
export function dataValue(field: InputField, value: string): unknown {
  const number = value.trim() === '' ? null : Number(value);
  switch (field.kind) {
    case 'number':
    case 'trigger':
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

/** The unit an input shows its number in, as a reader writes it (`°F`, `s`, `%`), if it has one. */
export function shownUnit(field: InputField): string | undefined {
  if (field.kind === 'quantity') return unitLabel(field.unit);
  return field.kind === 'number' ? field.unit : undefined;
}

/** The label of an input: the field's label, and its unit as a reader writes it (`Setpoint (°F)`). */
export function inputLabel(field: InputField): string {
  const unit = shownUnit(field);
  return unit === undefined ? field.label : `${field.label} (${unit})`;
}

/** What the inputs of `fields` hold as numbers (an empty or unreadable input left out), by name. */
export function formNumbers(fields: readonly FormField[], values: FormValues): Record<string, number | undefined> {
  const numbers: Record<string, number | undefined> = {};
  for (const field of fields) {
    const value = values[field.name];
    if ((field.kind === 'number' || field.kind === 'quantity') && typeof value === 'string' && value.trim() !== '') {
      const number = Number(value);
      if (Number.isFinite(number)) numbers[field.name] = number;
    }
  }
  return numbers;
}

/** The warnings about settings of `fields` that cannot work (`settingWarnings`), by field name. */
export function formWarnings(fields: readonly FormField[], values: FormValues): Record<string, string> {
  const owner = fields.find(isInputField)?.owner;
  return owner === undefined ? {} : settingWarnings(owner, formNumbers(fields, values));
}
