/** Decimals shown for a value in a unit whose readings have a known resolution. */
const UNIT_DECIMALS: ReadonlyMap<string, number> = new Map([
  // OneWire sensors resolve 1/16 degree: two decimals show each step, more show only noise.
  ['degC', 2],
  ['degF', 2],
  ['delta_degC', 2],
  ['delta_degF', 2],
  ['%', 1],
  ['second', 1],
  ['minute', 1],
  ['hour', 2],
]);

/** Significant digits kept for a value in a unit of no known resolution (a count, a gain). */
const SIGNIFICANT_DIGITS = 4;

/**
 * The number of decimals a value in `unit` deserves on screen: the unit's own resolution where it
 * has one (`degC` 2, `%` 1), else enough for four significant digits (`1234.5` 0, `0.01234` 5).
 */
export function decimalsFor(value: number, unit?: string): number {
  const known = unit === undefined ? undefined : UNIT_DECIMALS.get(unit.trim());
  if (known !== undefined) return known;
  if (value === 0 || !Number.isFinite(value)) return 0;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  return Math.min(Math.max(SIGNIFICANT_DIGITS - 1 - magnitude, 0), 12);
}

/** `value` rounded to the decimals it deserves in `unit` ({@link decimalsFor}). */
export function roundForUnit(value: number, unit?: string): number {
  if (!Number.isFinite(value)) return value;
  const rounded = Number(value.toFixed(decimalsFor(value, unit)));
  return Object.is(rounded, -0) ? 0 : rounded;
}

/**
 * `value` as a user reads it in `unit`: rounded ({@link roundForUnit}) with the unit's decimals
 * kept (`20.10`, not `20.1`, for degC) so that a column of readings lines up.
 */
export function formatForUnit(value: number, unit?: string): string {
  if (!Number.isFinite(value)) return String(value);
  const text = value.toFixed(decimalsFor(value, unit));
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}
