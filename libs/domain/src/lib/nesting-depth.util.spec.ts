import { MAX_NESTING_DEPTH, nestsDeeperThan } from './nesting-depth.util';

function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = level % 2 ? [value] : { a: value };
  return value;
}

describe(nestsDeeperThan.name, () => {
  it('counts each object or array as one level and scalars as none', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({ a: 1, b: [] }, 2)).toBe(false);
    expect(nestsDeeperThan({ a: 1, b: [] }, 1)).toBe(true);
    expect(nestsDeeperThan(nested(MAX_NESTING_DEPTH), MAX_NESTING_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_NESTING_DEPTH + 1), MAX_NESTING_DEPTH)).toBe(true);
  });

  it('finds the deepest branch wherever it is', () => {
    expect(nestsDeeperThan({ flat: 1, list: [1, 2, { deep: nested(5) }] }, 7)).toBe(true);
    expect(nestsDeeperThan({ flat: 1, list: [1, 2, { deep: nested(5) }] }, 8)).toBe(false);
  });

  it('walks a nesting far deeper than the stack allows', () => {
    expect(nestsDeeperThan(JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`), 100)).toBe(true);
  });
});
