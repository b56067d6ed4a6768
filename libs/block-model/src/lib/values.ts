import { Link, LINK_OBJTYPE, Quantity, QUANTITY_OBJTYPE } from '@eventcast/domain';

/** Block data: field names to values (numbers, bools, strings, quantities, links, arrays, objects). */
export type BlockData = Record<string, unknown>;

export function quantity(unit: string, value: number | null): Quantity {
  return { __objtype: QUANTITY_OBJTYPE, unit, value };
}

export function link(type: string, id: string | null): Link {
  return { __objtype: LINK_OBJTYPE, type, id };
}

/** A JSON object that is not an array, a quantity or a link: a patch merges into it. */
export function isPlainObject(value: unknown): value is BlockData {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !('__objtype' in value);
}

const POSTFIXED_KEY = /^([^[\]]+)\[([^[\]]+)\]$/;

/** `{name, unit}` of a postfixed key such as `offset[delta_degF]`, or undefined for a plain key. */
export function parsePostfixedKey(key: string): { name: string; unit: string } | undefined {
  const match = POSTFIXED_KEY.exec(key);
  return match === null ? undefined : { name: match[1], unit: match[2] };
}

/**
 * Sets a key read from JSON as an own property, also when it is `__proto__`, which a plain
 * assignment would take as the object's prototype.
 */
export function setOwn(target: BlockData, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
