import { unitConversion } from '@eventcast/block-model';
import { Quantity } from './automation.types';

const UNIT_SUFFIX = /\[([^\]]+)\]$/;

/** The unit a history field's name ends with (`.../setting[degC]` -> `degC`), or undefined. */
export function fieldUnit(field: string): string | undefined {
  return UNIT_SUFFIX.exec(field)?.[1];
}

/**
 * A quantity as a number in `unit`: its value as it is when it names no unit or the same one,
 * converted when the units measure the same thing, undefined when they do not (`degF` against
 * `%`) or when it names a unit and `unit` is undefined.
 */
export function quantityIn(quantity: Quantity, unit: string | undefined): number | undefined {
  if (quantity.unit === undefined || quantity.unit === unit) return quantity.value;
  if (unit === undefined) return undefined;
  return unitConversion(quantity.unit, unit)?.(quantity.value);
}

/**
 * A difference (a hysteresis) as a number in `unit`: `2 degF` of hysteresis is `10/9 degC`, not
 * the temperature 2 °F.
 */
export function differenceIn(quantity: Quantity, unit: string | undefined): number | undefined {
  const asDifference = (symbol: string | undefined) =>
    symbol === 'degC' || symbol === 'degF' ? `delta_${symbol}` : symbol;
  return quantityIn({ value: quantity.value, unit: asDifference(quantity.unit) }, asDifference(unit));
}
