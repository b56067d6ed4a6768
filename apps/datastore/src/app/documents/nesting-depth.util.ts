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
