import { Field, FieldMap } from './fields';
import { isDeviceUnit, TEMPERATURE_UNITS, TemperatureUnit, UnitConversion, unitConversion, userUnitOf } from './units';

/** A quantity field's unit as one user sees it. */
export interface UserUnitView {
  unit: string;
  deviceUnit: string;
  fromDevice: UnitConversion;
  toDevice: UnitConversion;
  /** The key of the field in logged data, e.g. `value[degF]`. */
  loggedKey: string;
}

/** One declared field with what the operations need of it, computed once. */
export interface FieldEntry {
  readonly name: string;
  readonly field: Field;
  /** The shape of an array's items or an object's fields. */
  readonly shape?: Shape;
  /** For quantities: the user's view of the unit, per user unit. */
  readonly userUnits?: Readonly<Record<TemperatureUnit, UserUnitView>>;
  /** For enums: the index of each name, which is what history logs. */
  readonly enumIndex?: ReadonlyMap<string, number>;
}

/**
 * The fields of a block type, or of an array's items or an object, split once into the lists that
 * each operation loops over, so that projecting hundreds of blocks is a plain loop per block.
 */
export interface Shape {
  /** Names the shape in problems: `Pid`, `TempSensorMock.fluctuations`. */
  readonly owner: string;
  readonly byName: ReadonlyMap<string, FieldEntry>;
  readonly all: readonly FieldEntry[];
  readonly writable: readonly FieldEntry[];
  readonly stored: readonly FieldEntry[];
  readonly logged: readonly FieldEntry[];
  /** Fields whose value holds quantities, directly or nested: what a unit conversion touches. */
  readonly withQuantities: readonly FieldEntry[];
}

/** The user's view of a quantity field's unit. */
export function userUnitView(entry: FieldEntry, userUnit: TemperatureUnit): UserUnitView {
  return (entry.userUnits as Record<TemperatureUnit, UserUnitView>)[userUnit];
}

const LOGGABLE_KINDS: ReadonlySet<Field['kind']> = new Set(['number', 'bool', 'enum', 'quantity', 'object']);

/**
 * Compiles declared fields into a shape and throws on a declaration that cannot work (a stored
 * readonly field, a logged string, a default outside the limits, a unit the device does not keep).
 * Nested fields (`nested`) take `stored` and `logged` from their container: all but the readonly
 * ones are stored with it, and the loggable kinds are logged with it.
 */
export function compileShape(owner: string, fields: FieldMap, nested: boolean): Shape {
  const all = Object.entries(fields).map(([name, declared]) =>
    compileField(`${owner}.${name}`, name, declared, nested),
  );
  return {
    owner,
    byName: new Map(all.map((entry) => [entry.name, entry])),
    all,
    writable: all.filter((entry) => !entry.field.readonly),
    stored: all.filter((entry) => (nested ? !entry.field.readonly : entry.field.stored)),
    logged: all.filter((entry) => (nested ? LOGGABLE_KINDS.has(entry.field.kind) : entry.field.logged)),
    withQuantities: all.filter(holdsQuantities),
  };
}

function holdsQuantities(entry: FieldEntry): boolean {
  return entry.field.kind === 'quantity' || (entry.shape?.withQuantities.length ?? 0) > 0;
}

function compileField(path: string, name: string, declared: Field, nested: boolean): FieldEntry {
  const problem = declarationProblem(declared, nested);
  if (problem !== undefined) throw new Error(`${path}: ${problem}`);
  switch (declared.kind) {
    case 'quantity':
      return { name, field: declared, userUnits: userUnitViews(name, declared.unit) };
    case 'enum':
      return { name, field: declared, enumIndex: new Map(declared.values.map((value, index) => [value, index])) };
    case 'array':
      return { name, field: declared, shape: compileShape(path, declared.items, true) };
    case 'object':
      return { name, field: declared, shape: compileShape(path, declared.fields, true) };
    default:
      return { name, field: declared };
  }
}

function userUnitViews(name: string, deviceUnit: string): Record<TemperatureUnit, UserUnitView> {
  const views = {} as Record<TemperatureUnit, UserUnitView>;
  for (const userUnit of TEMPERATURE_UNITS) {
    const unit = userUnitOf(deviceUnit, userUnit);
    views[userUnit] = {
      unit,
      deviceUnit,
      fromDevice: unitConversion(deviceUnit, unit) as UnitConversion,
      toDevice: unitConversion(unit, deviceUnit) as UnitConversion,
      loggedKey: `${name}[${unit}]`,
    };
  }
  return views;
}

function declarationProblem(declared: Field, nested: boolean): string | undefined {
  if (nested && (declared.stored !== undefined || declared.logged !== undefined)) {
    return 'a nested field takes stored and logged from its container';
  }
  if (declared.readonly && declared.stored)
    return 'a readonly field is computed by the controller and cannot be stored';
  if (declared.logged && !LOGGABLE_KINDS.has(declared.kind)) return `${declared.kind} fields cannot be logged`;
  switch (declared.kind) {
    case 'number': {
      const value = declared.default ?? 0;
      const outside =
        (declared.min !== undefined && value < declared.min) || (declared.max !== undefined && value > declared.max);
      return outside || (declared.integer && !Number.isInteger(value))
        ? `the default ${value} is not an allowed value`
        : undefined;
    }
    case 'enum':
      if (new Set(declared.values).size !== declared.values.length) return 'the names of an enum must differ';
      return declared.default !== undefined && !declared.values.includes(declared.default)
        ? `the default ${declared.default} is not one of the names`
        : undefined;
    case 'string':
      return declared.pattern && !declared.pattern.regex.test(declared.default ?? '')
        ? 'the default does not match the pattern'
        : undefined;
    case 'quantity':
      return isDeviceUnit(declared.unit)
        ? undefined
        : `${declared.unit} is not a unit the device keeps (degC, delta_degC, second and their products)`;
    default:
      return undefined;
  }
}
