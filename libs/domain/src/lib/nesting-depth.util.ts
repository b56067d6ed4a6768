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
