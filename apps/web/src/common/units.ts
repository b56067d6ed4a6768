import { formatForUnit } from '@eventcast/block-model';
import { unitLabel } from '../ui/unit-label';

/** The axis of fields whose name has no `[unit]` postfix. */
export const NO_UNIT = 'value';

/** The unit in the `[unit]` postfix of a field name (`fridge/temp[degC]` → `degC`), else {@link NO_UNIT}. */
export function unitOf(field: string): string {
  const match = /\[([^[\]]+)\]$/.exec(field);
  return match ? match[1].trim() || NO_UNIT : NO_UNIT;
}

/** One Y axis of the graph: its key (a unit) and the side it is drawn on. */
export interface Axis {
  key: string;
  side: 'left' | 'right';
}

/**
 * The Y axes of a graph: one per axis key the fields use (their own unit unless the user moved
 * them), in order of first use; the first on the left, the second on the right, then alternating.
 */
export function assignAxes(fieldAxes: readonly string[]): Axis[] {
  const keys = [...new Set(fieldAxes)];
  return keys.map((key, index) => ({ key, side: index % 2 === 0 ? 'left' : 'right' }));
}

/** The axis each field is drawn on: the one chosen for it, else the unit of its name. */
export function axisOfField(field: { name: string; axis?: string }): string {
  return field.axis || unitOf(field.name);
}

/**
 * A value as the page shows it: rounded to the decimals its unit deserves (`formatForUnit`) and
 * followed by the unit as a reader writes it (`20.15 °C`); a value of no unit as a bare number.
 */
export function formatValue(value: number, unit: string): string {
  const number = formatForUnit(value, unit === NO_UNIT ? undefined : unit);
  return unit === NO_UNIT ? number : `${number} ${unitLabel(unit)}`;
}
