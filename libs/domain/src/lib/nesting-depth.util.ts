/**
 * Deepest nesting of objects and arrays that a service takes in a request body or a message
 * (`{}` is one level): every HTTP body is checked against it before it is parsed (`@eventcast/bootstrap`),
 * and `validateDto` checks any other value, since class-transformer copies a value by recursion and
 * would exhaust the stack on a deep one.
 */
export const MAX_NESTING_DEPTH = 100;

/** The problem named for a body or message that nests deeper than `MAX_NESTING_DEPTH`. */
export const TOO_DEEP_PROBLEM = `the body nests objects and arrays more than ${MAX_NESTING_DEPTH} levels deep`;

/**
 * Whether `value` nests objects and arrays more than `limit` levels deep (`{}` is one level, a
 * scalar none). Walks without recursion, so no input can exhaust the stack.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ item: unknown; depth: number }> = [{ item: value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.item !== 'object' || next.item === null) continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(next.item)) pending.push({ item: child, depth });
  }
  return false;
}

/**
 * Most keys an object of a validated value may hold. class-transformer checks each key it copies
 * against every key before it (quadratic: a request body of 100,000 keys held a service's only
 * thread for 7.6 s), so `validateDto` refuses a wider object before copying it. No DTO field holds
 * an object near this wide; a datastore document's own fields are not validated this way.
 */
export const MAX_OBJECT_KEYS = 1_000;

/** The problem named for a value with an object wider than `MAX_OBJECT_KEYS`. */
export const TOO_WIDE_PROBLEM = `the body has an object of more than ${MAX_OBJECT_KEYS} keys`;

/** Whether an object inside `value` (or `value` itself) has more than `limit` own keys; arrays do not count. */
export function hasObjectWiderThan(value: unknown, limit: number): boolean {
  const pending: unknown[] = [value];
  for (let next = pending.pop(); next !== undefined || pending.length > 0; next = pending.pop()) {
    if (typeof next !== 'object' || next === null) continue;
    const children = Object.values(next);
    if (!Array.isArray(next) && children.length > limit) return true;
    for (const child of children) pending.push(child);
  }
  return false;
}
