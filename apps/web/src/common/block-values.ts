import { enumText, fieldText, formatForUnit, roundForUnit, type Field, type Shape } from '@eventcast/block-model';
import { unitLabel } from '../ui/unit-label';

/** How a value of a block's data reads on the page. */
export type ShownValue =
  | { kind: 'text'; text: string }
  | { kind: 'link'; target: string | null; interface: string }
  | { kind: 'list'; items: ShownValue[] }
  | { kind: 'fields'; fields: ShownField[] };

/** A field of a block's data, by name, with the label a user reads. */
export interface ShownField {
  name: string;
  label: string;
  value: ShownValue;
  /** The controller computes it (the catalogue's readonly flag): a write ignores it. */
  readonly: boolean;
}

/** What the catalogue says of a shown field: its declaration, the shape inside it, the unit of a plain number. */
export interface ShownSpec {
  field: Field;
  shape?: Shape;
  unit?: string;
}

/**
 * The fields of a block's `data`, in the order the controller sent them, each with its label from
 * the catalogue (`shape`, the block type's, of `@eventcast/block-model`; a field it does not know
 * by its name) and marked read-only when the declaration says so, unless the list or object that
 * holds them is marked already (`insideReadOnly`).
 */
export function shownFields(data: Record<string, unknown>, shape?: Shape, insideReadOnly = false): ShownField[] {
  return Object.entries(data).map(([name, value]) => {
    const spec = shownSpec(shape, name);
    return {
      name,
      label: shape === undefined ? name : fieldText(shape.owner, name).label,
      value: shownValue(value, spec, insideReadOnly),
      readonly: !insideReadOnly && spec?.field.readonly === true,
    };
  });
}

/** What the catalogue says of the field `name` of `shape`, for {@link shownValue}; undefined for a field it does not declare. */
export function shownSpec(shape: Shape | undefined, name: string): ShownSpec | undefined {
  const entry = shape?.byName.get(name);
  if (shape === undefined || entry === undefined) return undefined;
  return { field: entry.field, shape: entry.shape, unit: fieldText(shape.owner, name).unit };
}

/**
 * How `value` reads: a Quantity as its value rounded for its unit and the unit (the controller
 * sends temperatures in the user's unit), `unknown` when null; a number rounded, with its unit
 * when it has one (`%`); an enum name as its label; a Link as a link to its block, or `not set`;
 * booleans as yes or no; lists and objects item by item. A field of the catalogue (`spec`) keeps
 * its unit's decimals (`20.00 °C`), so that a card's values line up; a value alone reads without
 * trailing zeros (`20 °C`).
 */
export function shownValue(value: unknown, spec?: ShownSpec, insideReadOnly = false): ShownValue {
  const marked = insideReadOnly || spec?.field.readonly === true;
  if (value === null || value === undefined) return { kind: 'text', text: '—' };
  if (Array.isArray(value)) {
    return { kind: 'list', items: value.map((item) => shownItem(item, spec, marked)) };
  }
  if (typeof value === 'object') return shownItem(value, spec, marked);
  if (typeof value === 'boolean') return { kind: 'text', text: value ? 'yes' : 'no' };
  if (typeof value === 'number') return { kind: 'text', text: numberText(value, spec) };
  if (spec?.field.kind === 'enum') return { kind: 'text', text: enumText(String(value)).label };
  return { kind: 'text', text: String(value) };
}

function shownItem(value: unknown, spec: ShownSpec | undefined, marked: boolean): ShownValue {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return shownValue(value);
  const typed = value as Record<string, unknown>;
  if (typed['__objtype'] === 'Quantity') {
    const unit = String(typed['unit']);
    const round = spec === undefined ? (amount: number) => String(roundForUnit(amount, unit)) : formatForUnit;
    const amount = typeof typed['value'] === 'number' ? round(typed['value'], unit) : 'unknown';
    return { kind: 'text', text: `${amount} ${unitLabel(unit)}` };
  }
  if (typed['__objtype'] === 'Link') {
    return {
      kind: 'link',
      target: typeof typed['id'] === 'string' ? typed['id'] : null,
      interface: String(typed['type']),
    };
  }
  return { kind: 'fields', fields: shownFields(typed, spec?.shape, marked) };
}

/** A plain number as read: whole for a whole-number field, else rounded, with its unit if it has one. */
function numberText(value: number, spec?: ShownSpec): string {
  if (spec?.field.kind === 'number' && spec.field.integer) return String(value);
  if (spec?.unit !== undefined) return `${formatForUnit(value, spec.unit)} ${spec.unit}`;
  return String(roundForUnit(value));
}
