import { hasObjectWiderThan, MAX_NESTING_DEPTH, MAX_OBJECT_KEYS, nestsDeeperThan } from './nesting-depth.util';

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

describe(hasObjectWiderThan.name, () => {
  const wide = (keys: number) => Object.fromEntries(Array.from({ length: keys }, (_, index) => [`k${index}`, index]));

  it('counts the keys of each object wherever it is, and not the items of arrays', () => {
    expect(hasObjectWiderThan(wide(MAX_OBJECT_KEYS), MAX_OBJECT_KEYS)).toBe(false);
    expect(hasObjectWiderThan(wide(MAX_OBJECT_KEYS + 1), MAX_OBJECT_KEYS)).toBe(true);
    expect(hasObjectWiderThan({ a: [1, { b: wide(3) }] }, 2)).toBe(true);
    expect(hasObjectWiderThan({ a: [1, { b: wide(2) }] }, 2)).toBe(false);
    expect(
      hasObjectWiderThan(
        Array.from({ length: 200_000 }, () => 1),
        2,
      ),
    ).toBe(false);
  });
});
