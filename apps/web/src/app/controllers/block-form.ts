import { implementsInterface, type BlockType, type Field } from '@eventcast/block-model';
import type { Block } from '@eventcast/domain';
import { groupedProblems } from '../../services/service-problems';
import { unitLabel } from './block-values';

/** One input of a block's form, made from the field's declaration in the catalogue. */
export type FormField = { name: string; value: string } & (
  | { kind: 'number'; min?: number; max?: number; integer: boolean }
  | { kind: 'quantity'; unit: string; min?: number }
  | { kind: 'bool' }
  | { kind: 'string' }
  | { kind: 'enum'; options: readonly string[] }
  | { kind: 'link'; options: readonly string[] }
);

/** What the inputs hold, by field name: text, `'true'`/`'false'` for a checkbox, a block id or `''` for a link. */
export type FormValues = Record<string, string>;

/**
 * The form of `block`: one input per field that a user sets (neither read-only, nor a list or an
 * object, which the page shows but does not edit), in the catalogue's order. A quantity keeps the
 * unit the controller sent it in (the user's, for temperatures); a link offers the blocks of
 * `blocks` whose type implements the field's interface.
 */
export function formFields(type: BlockType, block: Block, blocks: readonly Block[]): FormField[] {
  return Object.entries(type.fields).flatMap(([name, field]) => {
    const input = formField(name, field, block.data[name], blocks);
    return input && !field.readonly ? [input] : [];
  });
}

function formField(name: string, field: Field, current: unknown, blocks: readonly Block[]): FormField | undefined {
  switch (field.kind) {
    case 'number':
      return { name, kind: 'number', value: textOf(current), min: field.min, max: field.max, integer: !!field.integer };
    case 'quantity': {
      const quantity = current as { unit?: unknown; value?: unknown } | undefined;
      const unit = typeof quantity?.unit === 'string' ? quantity.unit : field.unit;
      return { name, kind: 'quantity', value: textOf(quantity?.value), unit, min: field.min };
    }
    case 'bool':
      return { name, kind: 'bool', value: String(current === true) };
    case 'string':
      return { name, kind: 'string', value: textOf(current) };
    case 'enum':
      return { name, kind: 'enum', value: textOf(current), options: field.values };
    case 'link': {
      const options = blocks.filter((target) => implementsInterface(target.type, field.interface)).map(({ id }) => id);
      return { name, kind: 'link', value: textOf((current as { id?: unknown } | undefined)?.id), options };
    }
    default:
      return undefined;
  }
}

function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The starting values of the form's inputs. */
export function formValues(fields: readonly FormField[]): FormValues {
  return Object.fromEntries(fields.map(({ name, value }) => [name, value]));
}

/**
 * The `data` of the patch that applies the edited inputs: only the fields whose input changed,
 * each in the shape the controller takes (a Quantity in the shown unit, a link as the target's
 * id). An empty number is sent as null, for the controller to judge.
 */
export function patchData(fields: readonly FormField[], values: FormValues): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name] ?? field.value;
    if (value === field.value) continue;
    data[field.name] = dataValue(field, value);
  }
  return data;
}

/** The value of a field's input as a patch's `data` holds it (see {@link patchData}). */
export function dataValue(field: FormField, value: string): unknown {
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

/** The label of a field's input: its name, and the unit of a quantity as a reader writes it. */
export function inputLabel(field: FormField): string {
  return field.kind === 'quantity' ? `${field.name} (${unitLabel(field.unit)})` : field.name;
}

/**
 * The service's problems, by the field of the form they name (`data.ti must not be below 0`), and
 * the others under `''`, to show each beside its input.
 */
export function problemsByField(problems: readonly string[]): Record<string, string[]> {
  return groupedProblems(problems, (problem) => /^data\.([^\s.[]+)/.exec(problem)?.[1]);
}
