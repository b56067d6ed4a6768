import { type TemperatureUnit, TEMPERATURE_UNITS, unitConversion, userUnitOf } from '@eventcast/block-model';
import { unitOf } from './units';

const POSTFIX = /\[[^[\]]*\]$/;

/**
 * The unit `unit` reads as for each user temperature unit (`degC` and `degF` for either of them,
 * `delta_degC` and `delta_degF`, `1 / degC` and `1 / degF`), or undefined for a unit the user's
 * temperature unit does not change (`bar`, `second`, a unit not known to the block model).
 */
function temperatureForms(unit: string): Record<TemperatureUnit, string> | undefined {
  // delta_degF ends in degF too: both become the device's symbol.
  const device = unit.replace(/degF\b/g, 'degC');
  try {
    const forms = { degC: userUnitOf(device, 'degC'), degF: userUnitOf(device, 'degF') };
    return forms.degC === forms.degF ? undefined : forms;
  } catch {
    return undefined;
  }
}

function withUnit(field: string, unit: string): string {
  return field.replace(POSTFIX, `[${unit}]`);
}

/**
 * The stored names of the field `field` names across a change of the user's temperature unit:
 * `…/value[degC]` and `…/value[degF]` (the controller writes a field in the user's unit, so a
 * switch starts a new name); any other field only by its own name.
 */
export function unitVariants(field: string): string[] {
  const forms = POSTFIX.test(field) ? temperatureForms(unitOf(field)) : undefined;
  if (!forms) return [field];
  return [...new Set([field, ...TEMPERATURE_UNITS.map((unit) => withUnit(field, forms[unit]))])];
}

/** `field` named in the user's temperature unit (`…/value[degC]` is `…/value[degF]` for a degF user); other fields as they are. */
export function nameInUserUnit(field: string, userUnit: TemperatureUnit): string {
  const forms = POSTFIX.test(field) ? temperatureForms(unitOf(field)) : undefined;
  return forms ? withUnit(field, forms[userUnit]) : field;
}

/** The picker's list of stored fields: one name per field across its unit variants, in the user's unit, sorted. */
export function groupUnitVariants(fields: readonly string[], userUnit: TemperatureUnit): string[] {
  const names = new Set(fields.map((field) => nameInUserUnit(field, userUnit)));
  return [...names].sort();
}

/** How a value stored under `stored` reads in the unit of `shown` (one of its {@link unitVariants}). */
export function variantConversion(stored: string, shown: string): (value: number) => number {
  return unitConversion(unitOf(stored), unitOf(shown)) ?? ((value) => value);
}
