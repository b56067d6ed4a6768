import type { TemperatureUnit } from '@eventcast/block-model';
import { nameInUserUnit } from '../../common/unit-variants';

/**
 * `fields` with the field `name` (named in the user's unit) taken off when it is on, in whichever
 * unit it was saved, else put on at the end as `added(name)` makes it.
 */
export function toggledField<T extends { name: string }>(
  fields: readonly T[],
  name: string,
  userUnit: TemperatureUnit,
  added: (name: string) => T,
): T[] {
  const on = fields.some((field) => nameInUserUnit(field.name, userUnit) === name);
  return on ? fields.filter((field) => nameInUserUnit(field.name, userUnit) !== name) : [...fields, added(name)];
}
