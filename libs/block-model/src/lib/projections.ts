import { isQuantity, Quantity } from '@eventcast/domain';
import { BlockType } from './block-type-definition';
import { FieldEntry, Shape, userUnitView } from './shape';
import { TemperatureUnit, unitConversion } from './units';
import { BlockData, isPlainObject, quantity } from './values';

/**
 * The stored fields of device data, as typed Quantity and Link objects in the device's units:
 * what is persisted and what backups hold. Arrays and objects keep their fields but the
 * read-only ones.
 */
export function toStoredData(type: BlockType, data: BlockData): BlockData {
  return storedObject(type.shape, data);
}

function storedObject(shape: Shape, data: BlockData): BlockData {
  const result: BlockData = {};
  for (const entry of shape.stored) {
    const value = data[entry.name];
    if (value !== undefined) result[entry.name] = storedValue(entry, value);
  }
  return result;
}

function storedValue(entry: FieldEntry, value: unknown): unknown {
  switch (entry.field.kind) {
    case 'quantity':
    case 'link':
      return typeof value === 'object' && value !== null ? { ...value } : value;
    case 'array':
      return Array.isArray(value)
        ? value.map((item) => (isPlainObject(item) ? storedObject(entry.shape as Shape, item) : item))
        : value;
    case 'object':
      return isPlainObject(value) ? storedObject(entry.shape as Shape, value) : value;
    default:
      return value;
  }
}

/**
 * The logged fields of device data, as history takes them: numbers, booleans (kept as booleans;
 * history stores them as 1 and 0), enums as the index of their name, quantities as a plain number
 * in the user's unit under a postfixed key (`value[degF]`, `error[delta_degF]`, `uptime[second]`;
 * null when unknown), objects with their nesting. Never links, strings or arrays.
 */
export function toLoggedData(type: BlockType, data: BlockData, userUnit: TemperatureUnit): BlockData {
  return loggedObject(type.shape, data, userUnit);
}

function loggedObject(shape: Shape, data: BlockData, userUnit: TemperatureUnit): BlockData {
  const result: BlockData = {};
  for (const entry of shape.logged) {
    const value = data[entry.name];
    switch (entry.field.kind) {
      case 'number':
        if (typeof value === 'number') result[entry.name] = value;
        break;
      case 'bool':
        if (typeof value === 'boolean') result[entry.name] = value;
        break;
      case 'enum': {
        const index = entry.enumIndex?.get(value as string);
        if (index !== undefined) result[entry.name] = index;
        break;
      }
      case 'quantity':
        if (isQuantity(value)) {
          const converted = inUserUnit(entry, value, userUnit);
          if (converted !== undefined) result[converted.key] = converted.quantity.value;
        }
        break;
      case 'object':
        if (isPlainObject(value)) result[entry.name] = loggedObject(entry.shape as Shape, value, userUnit);
        break;
    }
  }
  return result;
}

/**
 * Device data as a user reads it: every quantity (nested ones included) with temperatures in
 * the user's unit; times stay in seconds. Values without quantities are shared, not copied.
 */
export function toUserUnits(type: BlockType, data: BlockData, userUnit: TemperatureUnit): BlockData {
  return userUnitsObject(type.shape, data, userUnit);
}

/** Data of `shape` (a block type's, an array item's, an object's) as a user reads it: see {@link toUserUnits}. */
export function userUnitsObject(shape: Shape, data: BlockData, userUnit: TemperatureUnit): BlockData {
  const result: BlockData = { ...data };
  for (const entry of shape.withQuantities) {
    const value = data[entry.name];
    switch (entry.field.kind) {
      case 'quantity':
        if (isQuantity(value)) result[entry.name] = inUserUnit(entry, value, userUnit)?.quantity ?? value;
        break;
      case 'array':
        if (Array.isArray(value))
          result[entry.name] = value.map((item) =>
            isPlainObject(item) ? userUnitsObject(entry.shape as Shape, item, userUnit) : item,
          );
        break;
      default:
        if (isPlainObject(value)) result[entry.name] = userUnitsObject(entry.shape as Shape, value, userUnit);
    }
  }
  return result;
}

/** A quantity field's value in the user's unit, with its logged key; undefined for a unit that does not convert. */
function inUserUnit(
  entry: FieldEntry,
  value: Quantity,
  userUnit: TemperatureUnit,
): { quantity: Quantity; key: string } | undefined {
  const view = userUnitView(entry, userUnit);
  const conversion = value.unit === view.deviceUnit ? view.fromDevice : unitConversion(value.unit, view.unit);
  if (conversion === undefined) return undefined;
  return { quantity: quantity(view.unit, value.value === null ? null : conversion(value.value)), key: view.loggedKey };
}
