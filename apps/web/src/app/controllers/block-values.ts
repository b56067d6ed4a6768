import type { Field, FieldMap } from '@eventcast/block-model';

/** How a value of a block's data reads on the page. */
export type ShownValue =
  | { kind: 'text'; text: string }
  | { kind: 'link'; target: string | null; interface: string }
  | { kind: 'list'; items: ShownValue[] }
  | { kind: 'fields'; fields: ShownField[] };

/** A field of a block's data, by name. */
export interface ShownField {
  name: string;
  value: ShownValue;
  /** The controller computes it (the catalogue's readonly flag): a write ignores it. */
  readonly: boolean;
}

const UNIT_LABELS: Record<string, string> = {
  degC: '°C',
  degF: '°F',
  delta_degC: 'Δ°C',
  delta_degF: 'Δ°F',
  second: 's',
  minute: 'min',
  hour: 'h',
};

/** A unit as a reader writes it: `°C`, `Δ°F`, `s`, `1 / °C`; a unit not known here as given. */
export function unitLabel(unit: string): string {
  return unit
    .split(/(\s*[*/]\s*)/)
    .map((term) => UNIT_LABELS[term] ?? term)
    .join('');
}

/** A number rounded for reading: at most 3 decimals, no trailing zeros. */
function numberText(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/**
 * The fields of a block's `data`, in the order the controller sent them, each marked read-only
 * when the block type's declaration (`fields`, from the catalogue of `@eventcast/block-model`) says
 * so, unless the list or object that holds them is marked already (`insideReadOnly`).
 */
export function shownFields(
  data: Record<string, unknown>,
  fields: FieldMap = {},
  insideReadOnly = false,
): ShownField[] {
  return Object.entries(data).map(([name, value]) => ({
    name,
    value: shownValue(value, fields[name], insideReadOnly),
    readonly: !insideReadOnly && fields[name]?.readonly === true,
  }));
}

/**
 * How `value` reads: a Quantity as its value and unit (the controller sends temperatures in the
 * user's unit), `unknown` when null; a Link as a link to its block, or `not set`; booleans as yes
 * or no; lists and objects item by item.
 */
export function shownValue(value: unknown, field?: Field, insideReadOnly = false): ShownValue {
  const marked = insideReadOnly || field?.readonly === true;
  if (value === null || value === undefined) return { kind: 'text', text: '—' };
  if (Array.isArray(value)) {
    const items: Field | undefined = field?.kind === 'array' ? { kind: 'object', fields: field.items } : undefined;
    return { kind: 'list', items: value.map((item) => shownValue(item, items, marked)) };
  }
  if (typeof value === 'object') {
    const typed = value as Record<string, unknown>;
    if (typed['__objtype'] === 'Quantity') {
      const amount = typeof typed['value'] === 'number' ? numberText(typed['value']) : 'unknown';
      return { kind: 'text', text: `${amount} ${unitLabel(String(typed['unit']))}` };
    }
    if (typed['__objtype'] === 'Link') {
      return {
        kind: 'link',
        target: typeof typed['id'] === 'string' ? typed['id'] : null,
        interface: String(typed['type']),
      };
    }
    return { kind: 'fields', fields: shownFields(typed, field?.kind === 'object' ? field.fields : {}, marked) };
  }
  if (typeof value === 'boolean') return { kind: 'text', text: value ? 'yes' : 'no' };
  if (typeof value === 'number') return { kind: 'text', text: numberText(value) };
  return { kind: 'text', text: String(value) };
}
