/** The temperature unit a user reads and writes in (the document `svc-global:units`). */
export type TemperatureUnit = 'degC' | 'degF';

export const TEMPERATURE_UNITS: readonly TemperatureUnit[] = ['degC', 'degF'];

/** The unit the device keeps temperatures in; differences are in `delta_degC`, times in `second`. */
export const DEVICE_TEMPERATURE_UNIT: TemperatureUnit = 'degC';

export function isTemperatureUnit(value: unknown): value is TemperatureUnit {
  return value === 'degC' || value === 'degF';
}

/** A number turned from one unit into another. */
export type UnitConversion = (value: number) => number;

type Dimension = 'temperature' | 'time';

/** A scale kept as a fraction, so that `68 degF` gives exactly `20 degC`. */
type Ratio = readonly [numerator: number, denominator: number];

interface UnitSymbol {
  dimension: Dimension;
  /** The size of one unit in the device unit of its dimension. */
  scale: Ratio;
  /** The reading at the device's zero (32 for degF); only for absolute temperatures. */
  origin: number;
  absolute: boolean;
  /** The device's symbol of the same kind (degC for degF, delta_degC for delta_degF). */
  device: string;
}

const SYMBOLS: ReadonlyMap<string, UnitSymbol> = new Map<string, UnitSymbol>([
  ['degC', { dimension: 'temperature', scale: [1, 1], origin: 0, absolute: true, device: 'degC' }],
  ['degF', { dimension: 'temperature', scale: [5, 9], origin: 32, absolute: true, device: 'degC' }],
  ['delta_degC', { dimension: 'temperature', scale: [1, 1], origin: 0, absolute: false, device: 'delta_degC' }],
  ['delta_degF', { dimension: 'temperature', scale: [5, 9], origin: 0, absolute: false, device: 'delta_degC' }],
  ['second', { dimension: 'time', scale: [1, 1], origin: 0, absolute: false, device: 'second' }],
  ['minute', { dimension: 'time', scale: [60, 1], origin: 0, absolute: false, device: 'second' }],
  ['hour', { dimension: 'time', scale: [3600, 1], origin: 0, absolute: false, device: 'second' }],
]);

/** The symbols of a temperature unit in the user's unit, by the device's symbol. */
const USER_SYMBOLS: Readonly<Record<TemperatureUnit, Readonly<Record<string, string>>>> = {
  degC: { degC: 'degC', delta_degC: 'delta_degC' },
  degF: { degC: 'degF', delta_degC: 'delta_degF' },
};

/**
 * A parsed unit: `degC`, `delta_degF`, `minute`, or a product such as `1 / degC` or
 * `delta_degC / second` (terms joined by `*`, at most one `/`). Inside a product a temperature
 * counts as a difference: `1 / degF` converts by scale alone.
 */
interface Unit {
  numerator: readonly string[];
  denominator: readonly string[];
  /** A lone `degC` or `degF`: converted with its origin, and not compatible with differences. */
  absolute: boolean;
  /** Exponent per dimension, e.g. `temperature:-1`; equal signatures are compatible. */
  signature: string;
  scale: Ratio;
  origin: number;
}

// Units come from user input: the caches are bounded so that odd unit strings cannot grow them.
const CACHE_LIMIT = 1000;
const parsed = new Map<string, Unit | null>();

function parseUnit(text: string): Unit | undefined {
  let unit = parsed.get(text);
  if (unit === undefined) {
    unit = parseUncached(text) ?? null;
    if (parsed.size < CACHE_LIMIT) parsed.set(text, unit);
  }
  return unit ?? undefined;
}

function parseUncached(text: string): Unit | undefined {
  const parts = text.split('/');
  if (parts.length > 2) return undefined;
  const numerator = parts[0].trim() === '1' && parts.length === 2 ? [] : terms(parts[0]);
  const denominator = parts.length === 2 ? terms(parts[1]) : [];
  if (numerator === undefined || denominator === undefined) return undefined;
  const exponents = new Map<Dimension | 'absolute', number>();
  let scale: Ratio = [1, 1];
  for (const [symbols, power] of [
    [numerator, 1],
    [denominator, -1],
  ] as const) {
    for (const symbol of symbols) {
      const {
        dimension,
        scale: [n, d],
      } = SYMBOLS.get(symbol) as UnitSymbol;
      exponents.set(dimension, (exponents.get(dimension) ?? 0) + power);
      scale = power === 1 ? [scale[0] * n, scale[1] * d] : [scale[0] * d, scale[1] * n];
    }
  }
  const lone =
    numerator.length === 1 && denominator.length === 0 ? (SYMBOLS.get(numerator[0]) as UnitSymbol) : undefined;
  const absolute = lone?.absolute ?? false;
  const signature = absolute
    ? 'absolute temperature'
    : [...exponents]
        .filter(([, power]) => power !== 0)
        .map(([dimension, power]) => `${dimension}:${power}`)
        .sort()
        .join(' ');
  return { numerator, denominator, absolute, signature, scale, origin: absolute ? (lone as UnitSymbol).origin : 0 };
}

function terms(text: string): string[] | undefined {
  const symbols = text.split('*').map((term) => term.trim());
  return symbols.every((symbol) => SYMBOLS.has(symbol)) ? symbols : undefined;
}

function format(numerator: readonly string[], denominator: readonly string[]): string {
  const top = numerator.length === 0 ? '1' : numerator.join(' * ');
  return denominator.length === 0 ? top : `${top} / ${denominator.join(' * ')}`;
}

/** True for a unit this model converts: the symbols above, alone or in a product. */
export function isKnownUnit(text: string): boolean {
  return parseUnit(text) !== undefined;
}

/** True when every symbol of the unit is the device's own (`degC`, `delta_degC`, `second`). */
export function isDeviceUnit(text: string): boolean {
  const unit = parseUnit(text);
  return (
    unit !== undefined &&
    [...unit.numerator, ...unit.denominator].every((symbol) => SYMBOLS.get(symbol)?.device === symbol)
  );
}

/**
 * The unit a user sees for a device unit: temperatures in the user's unit (`degC` -> `degF`,
 * `delta_degC` -> `delta_degF`, `1 / degC` -> `1 / degF`), times unchanged.
 */
export function userUnitOf(deviceUnit: string, userUnit: TemperatureUnit): string {
  const unit = parseUnit(deviceUnit);
  if (unit === undefined) throw new Error(`unknown unit ${deviceUnit}`);
  const toUser = (symbol: string) => USER_SYMBOLS[userUnit][symbol] ?? symbol;
  return format(unit.numerator.map(toUser), unit.denominator.map(toUser));
}

const conversions = new Map<string, UnitConversion | null>();

/**
 * The conversion of a value from one unit to another, or undefined when either unit is unknown
 * or they measure different things (`degC` and `delta_degC` are not compatible; `1 / degC` and
 * `1 / delta_degF` are). Conversions are built once per pair of units.
 */
export function unitConversion(from: string, to: string): UnitConversion | undefined {
  const key = `${from}\u0000${to}`;
  let conversion = conversions.get(key);
  if (conversion === undefined) {
    conversion = buildConversion(from, to) ?? null;
    if (conversions.size < CACHE_LIMIT) conversions.set(key, conversion);
  }
  return conversion ?? undefined;
}

function buildConversion(fromText: string, toText: string): UnitConversion | undefined {
  const from = parseUnit(fromText);
  const to = parseUnit(toText);
  if (from === undefined || to === undefined || from.signature !== to.signature) return undefined;
  const numerator = from.scale[0] * to.scale[1];
  const denominator = from.scale[1] * to.scale[0];
  if (from.absolute) {
    const [fromOrigin, toOrigin] = [from.origin, to.origin];
    return (value) => ((value - fromOrigin) * numerator) / denominator + toOrigin;
  }
  return numerator === denominator ? (value) => value : (value) => (value * numerator) / denominator;
}
