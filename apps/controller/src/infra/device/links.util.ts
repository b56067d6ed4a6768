import { isLink } from '@eventcast/domain';

/**
 * Clears, in place, every link in `value` (at any depth) that points to one of `ids`; a cleared
 * link keeps its interface and reads `id: null`. Returns true when one was cleared.
 */
export function clearLinksTo(value: unknown, ids: ReadonlySet<string>): boolean {
  if (typeof value !== 'object' || value === null) return false;
  let cleared = false;
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (isLink(item)) {
      if (item.id !== null && ids.has(item.id)) {
        (value as Record<string | number, unknown>)[key] = { ...item, id: null };
        cleared = true;
      }
    } else if (clearLinksTo(item, ids)) {
      cleared = true;
    }
  }
  return cleared;
}
