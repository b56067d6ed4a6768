import { BlockType } from './block-type-definition';
import { userUnitsObject } from './projections';
import { FieldEntry, Shape } from './shape';
import { TemperatureUnit } from './units';
import { BlockData, link, quantity } from './values';

/**
 * The data of a new block: every field, read-only ones included, at its default. The device
 * starts a block from it and lays the written data over it.
 */
export function defaultData(type: BlockType): BlockData {
  return defaultObject(type.shape, true);
}

/**
 * A new item of the array field `entry` as a user writes it: its writable fields at their
 * defaults (read-only ones left out, as a write ignores them), temperatures in `userUnit`.
 */
export function newItem(entry: FieldEntry, userUnit: TemperatureUnit): BlockData {
  const shape = entry.shape as Shape;
  return userUnitsObject(shape, defaultObject(shape, false), userUnit);
}

/**
 * The value a field takes when a write omits it (or when a block is new): the declared default,
 * else 0, false, the first enum name, an empty string, a null link, no items; a quantity's value
 * is 0 in the device unit, or null (unknown until computed) for a read-only one. Array items and
 * objects are completed with their fields' defaults; `withReadonly` decides whether nested
 * read-only fields are part of them.
 */
export function defaultValue(entry: FieldEntry, withReadonly: boolean): unknown {
  const { field } = entry;
  switch (field.kind) {
    case 'number':
      return field.default ?? 0;
    case 'bool':
      return field.default ?? false;
    case 'enum':
      return field.default ?? field.values[0];
    case 'string':
      return field.default ?? '';
    case 'quantity':
      return quantity(field.unit, field.default !== undefined ? field.default : field.readonly ? null : 0);
    case 'link':
      return link(field.interface, null);
    case 'array':
      return (field.default ?? []).map((item) => completeObject(entry.shape as Shape, item, withReadonly));
    case 'object':
      return defaultObject(entry.shape as Shape, withReadonly);
  }
}

function defaultObject(shape: Shape, withReadonly: boolean): BlockData {
  return completeObject(shape, {}, withReadonly);
}

function completeObject(shape: Shape, given: BlockData, withReadonly: boolean): BlockData {
  const result: BlockData = {};
  for (const entry of withReadonly ? shape.all : shape.writable) {
    result[entry.name] = Object.hasOwn(given, entry.name) ? given[entry.name] : defaultValue(entry, withReadonly);
  }
  return result;
}
