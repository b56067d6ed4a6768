import { isQuantity, Link, LINK_OBJTYPE, Quantity, QUANTITY_OBJTYPE } from '@eventcast/domain';
import { BlockDataError, BlockDataProblem } from './block-data-error';
import { BlockType } from './block-type-definition';
import { implementsInterface } from './catalogue';
import { defaultValue } from './defaults';
import { EnumField, LinkField, NumberField, QuantityField, StringField } from './fields';
import { FieldEntry, Shape, userUnitView } from './shape';
import { DEVICE_TEMPERATURE_UNIT, isKnownUnit, TemperatureUnit, unitConversion } from './units';
import { BlockData, isPlainObject, link, parsePostfixedKey, quantity } from './values';

export interface WriteOptions {
  /** The unit of bare temperature numbers, as the user reads them; degC unless given. */
  userUnit?: TemperatureUnit;
  /**
   * The type of the block named `id`, or undefined when there is none. Without it, links are
   * checked for their shape only (e.g. while blocks that link to each other are restored).
   */
  resolveLink?: (id: string) => string | undefined;
}

/** What a check gives: the accepted value, or the problem as a message. */
type Checked<T> = { value: T } | string;

interface Context {
  userUnit: TemperatureUnit;
  resolveLink?: (id: string) => string | undefined;
  problems: BlockDataProblem[];
}

/** A written value, under its plain key or a postfixed one (`offset[delta_degF]`). */
interface Given {
  key: string;
  value: unknown;
  unit?: string;
}

/**
 * Turns written data into the data the device keeps: every writable field, in the device's
 * units. Omitted fields take their default (the declared one, else 0, false, the first enum
 * name, '', a null link, no items, a quantity of 0 in the device unit), read-only fields are
 * dropped without complaint, and quantities are converted: a Quantity in any compatible unit, a bare
 * number in the user's unit (`userUnit` for temperatures, the device unit for times), or a number
 * under a postfixed key in the key's unit. Links are a Link object (its `type` is not needed and
 * is set to the field's interface), a bare block id, or null; their target must exist and
 * implement the field's interface.
 *
 * Throws a `BlockDataError` naming every problem: unknown fields, values of the wrong kind,
 * numbers out of range, unknown or incompatible units, links to missing or incompatible blocks.
 */
export function normaliseWrite(type: BlockType, data: unknown, options: WriteOptions = {}): BlockData {
  const context: Context = {
    userUnit: options.userUnit ?? DEVICE_TEMPERATURE_UNIT,
    resolveLink: options.resolveLink,
    problems: [],
  };
  const result = normaliseObject(type.shape, data, 'data', context);
  if (context.problems.length > 0) throw new BlockDataError(type.name, context.problems);
  return result;
}

function normaliseObject(shape: Shape, input: unknown, path: string, context: Context): BlockData {
  const result: BlockData = {};
  if (!isPlainObject(input)) {
    context.problems.push({ path, message: 'must be an object' });
    return result;
  }
  const given = new Map<string, Given>();
  for (const key of Object.keys(input)) {
    const postfixed = parsePostfixedKey(key);
    const name = postfixed?.name ?? key;
    const entry = shape.byName.get(name);
    const problem = (message: string) => context.problems.push({ path: `${path}.${key}`, message });
    if (entry === undefined) problem(`is not a field of ${shape.owner}`);
    else if (entry.field.readonly) continue;
    else if (postfixed !== undefined && entry.field.kind !== 'quantity')
      problem('is not a quantity: only quantities take a unit in their key');
    else if (given.has(name)) problem(`sets ${name} a second time`);
    else given.set(name, { key, value: input[key], unit: postfixed?.unit });
  }
  for (const entry of shape.writable) {
    const item = given.get(entry.name);
    result[entry.name] =
      item === undefined ? defaultValue(entry, false) : normaliseValue(entry, item, `${path}.${item.key}`, context);
  }
  return result;
}

function normaliseValue(entry: FieldEntry, given: Given, path: string, context: Context): unknown {
  const outcome = check(entry, given, path, context);
  if (typeof outcome === 'string') {
    context.problems.push({ path, message: outcome });
    return undefined;
  }
  return outcome.value;
}

function check(entry: FieldEntry, { value, unit }: Given, path: string, context: Context): Checked<unknown> {
  const { field } = entry;
  switch (field.kind) {
    case 'number':
      return checkNumber(field, value);
    case 'bool':
      return typeof value === 'boolean' ? { value } : 'must be true or false';
    case 'enum':
      return checkEnum(field, value);
    case 'string':
      return checkString(field, value);
    case 'quantity':
      return checkMinimum(
        field,
        unit === undefined ? normaliseQuantity(entry, value, context.userUnit) : normalisePostfixed(field, value, unit),
      );
    case 'link':
      return normaliseLink(field, value, context);
    case 'array':
      if (!Array.isArray(value)) return 'must be an array';
      return {
        value: value.map((item, index) => normaliseObject(entry.shape as Shape, item, `${path}.${index}`, context)),
      };
    case 'object':
      return { value: normaliseObject(entry.shape as Shape, value, path, context) };
  }
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function checkNumber(field: NumberField, value: unknown): Checked<number> {
  if (!isFiniteNumber(value)) return 'must be a number';
  if (field.integer && !Number.isInteger(value)) return 'must be a whole number';
  if (field.min !== undefined && value < field.min) return `must be at least ${field.min}`;
  if (field.max !== undefined && value > field.max) return `must be at most ${field.max}`;
  return { value };
}

function checkEnum(field: EnumField, value: unknown): Checked<string> {
  return typeof value === 'string' && field.values.includes(value)
    ? { value }
    : `must be one of ${field.values.join(', ')}`;
}

function checkString(field: StringField, value: unknown): Checked<string> {
  if (typeof value !== 'string') return 'must be a string';
  return field.pattern && !field.pattern.regex.test(value) ? field.pattern.rule : { value };
}

function normaliseQuantity(entry: FieldEntry, value: unknown, userUnit: TemperatureUnit): Checked<Quantity> {
  const field = entry.field as QuantityField;
  if (value === null) return { value: quantity(field.unit, null) };
  if (isFiniteNumber(value)) return { value: quantity(field.unit, userUnitView(entry, userUnit).toDevice(value)) };
  if (isQuantity(value)) return convertToDevice(field, value.value, value.unit);
  if (typeof value === 'object' && (value as { __objtype?: unknown }).__objtype === QUANTITY_OBJTYPE) {
    return 'must be a Quantity with a unit and a number or null as value';
  }
  return `must be a Quantity, a number (in ${userUnitView(entry, userUnit).unit}) or null`;
}

/** The smallest value is checked in the device's unit, after any conversion. */
function checkMinimum(field: QuantityField, checked: Checked<Quantity>): Checked<Quantity> {
  if (typeof checked === 'string' || field.min === undefined) return checked;
  const { value } = checked.value;
  return value !== null && value < field.min ? `must be at least ${field.min} ${field.unit}` : checked;
}

function normalisePostfixed(field: QuantityField, value: unknown, unit: string): Checked<Quantity> {
  return value === null || isFiniteNumber(value) ? convertToDevice(field, value, unit) : 'must be a number or null';
}

function convertToDevice(field: QuantityField, value: number | null, unit: string): Checked<Quantity> {
  const conversion = unitConversion(unit, field.unit);
  if (conversion === undefined) {
    return isKnownUnit(unit)
      ? `has the unit ${unit}, which does not convert to ${field.unit}`
      : `has the unknown unit ${unit}`;
  }
  if (value !== null && !Number.isFinite(value)) return 'must have a finite number or null as value';
  return { value: quantity(field.unit, value === null ? null : conversion(value)) };
}

function normaliseLink(field: LinkField, value: unknown, context: Context): Checked<Link> {
  const id = linkedId(value);
  if (id === undefined) return `must be a Link, a block id or null`;
  if (id !== null && context.resolveLink) {
    const targetType = context.resolveLink(id);
    if (targetType === undefined) return `links to ${id}, which does not exist`;
    if (!implementsInterface(targetType, field.interface))
      return `links to ${id}, a ${targetType}, which does not implement ${field.interface}`;
  }
  return { value: link(field.interface, id) };
}

/** The id a written link names (null: not set), or undefined when the value is no link. */
function linkedId(value: unknown): string | null | undefined {
  if (value === null || typeof value === 'string') return value;
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { __objtype, type, id } = value as Record<string, unknown>;
  const valid =
    __objtype === LINK_OBJTYPE &&
    (type === undefined || typeof type === 'string') &&
    (id === null || typeof id === 'string');
  return valid ? (id as string | null) : undefined;
}
