import { BlockData, link } from '@eventcast/block-model';
import { isLink, isQuantity } from '@eventcast/domain';

/** The number a quantity field holds, or null when it is unknown or not a quantity. */
export function quantityValue(data: BlockData, name: string): number | null {
  const value = data[name];
  return isQuantity(value) ? value.value : null;
}

/** Sets the value of a quantity field, keeping its unit (the device's). */
export function setQuantityValue(data: BlockData, name: string, value: number | null): void {
  const current = data[name];
  if (isQuantity(current) && current.value !== value) data[name] = { ...current, value };
}

/** The id a link field points to, or null. */
export function linkedId(data: BlockData, name: string): string | null {
  const value = data[name];
  return isLink(value) ? value.id : null;
}

/** Points a link field to `id`, keeping its interface. */
export function setLinkedId(data: BlockData, name: string, id: string | null): void {
  const current = data[name];
  if (isLink(current) && current.id !== id) data[name] = link(current.type, id);
}

/** A number field's value, or 0. */
export function numberValue(data: BlockData, name: string): number {
  const value = data[name];
  return typeof value === 'number' ? value : 0;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
