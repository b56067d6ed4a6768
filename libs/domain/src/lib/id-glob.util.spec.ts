import { idGlobMatcher } from './id-glob.util';

function matches(glob: string, ids: string[]): string[] {
  return ids.filter(idGlobMatcher(glob));
}

describe(idGlobMatcher.name, () => {
  const ids = ['a', 'ab', 'abc', 'b', 'b.c', 'x-1', 'x-2', 'x-10', 'a*', 'é'];

  it('matches any run with * and one character with ?', () => {
    expect(matches('a*', ids)).toEqual(['a', 'ab', 'abc', 'a*']);
    expect(matches('x-?', ids)).toEqual(['x-1', 'x-2']);
    expect(matches('*', ids)).toEqual(ids);
    expect(matches('*b*', ids)).toEqual(['ab', 'abc', 'b', 'b.c']);
  });

  it('matches sets, ranges and their complements', () => {
    expect(matches('[ab]', ids)).toEqual(['a', 'b']);
    expect(matches('x-[1-2]', ids)).toEqual(['x-1', 'x-2']);
    expect(matches('x-[!1]', ids)).toEqual(['x-2']);
    expect(matches('x-[^1]', ids)).toEqual(['x-2']);
  });

  it('reads a reversed range as the same range in order', () => {
    expect(matches('x-[2-1]', ids)).toEqual(['x-1', 'x-2']);
  });

  it('takes ] first in a set, and - first or last, as members', () => {
    expect(matches('[]a]', [']', 'a', 'b'])).toEqual([']', 'a']);
    expect(matches('[!]]', [']', 'a'])).toEqual(['a']);
    expect(matches('x[-1]', ['x-', 'x1', 'x2'])).toEqual(['x-', 'x1']);
    expect(matches('x[1-]', ['x-', 'x1', 'x2'])).toEqual(['x-', 'x1']);
  });

  it('takes dots, dashes, escaped characters and unclosed sets literally', () => {
    expect(matches('b.c', ['b.c', 'bxc'])).toEqual(['b.c']);
    expect(matches('a\\*', ids)).toEqual(['a*']);
    expect(matches('[\\]]', [']', '\\'])).toEqual([']']);
    expect(matches('[', ['[', 'a'])).toEqual(['[']);
    expect(matches('[a', ['[a', 'a'])).toEqual(['[a']);
    expect(matches('a\\', ['a\\', 'a'])).toEqual(['a\\']);
  });

  it('gives a valid pattern for characters that mean something in a RegExp', () => {
    for (const glob of ['(', ')', '{1}', '$', '^', '|', '+', '[\\d]', '[a-\\]', '[(-)]'])
      expect(() => idGlobMatcher(glob)('x')).not.toThrow();
    expect(matches('[\\d]', ['d', '1'])).toEqual(['d']);
  });

  it('matches the whole id, a letter outside the Basic Multilingual Plane as one character', () => {
    expect(matches('b', ids)).toEqual(['b']);
    expect(matches('?', ids)).toEqual(['a', 'b', 'é']);
    expect(matches('x?', ['x𝒜', 'x'])).toEqual(['x𝒜']);
    expect(matches('[a-𝒜]', ['𝒜', 'b'])).toEqual(['𝒜', 'b']);
  });

  it('matches many * against a long id in linear time, where a RegExp of the glob backtracks for minutes', () => {
    const started = Date.now();
    expect(matches(`${'*a'.repeat(64)}*b`, ['a'.repeat(100_000)])).toEqual([]);
    expect(matches(`${'*a'.repeat(64)}*`, ['a'.repeat(100_000)])).toEqual(['a'.repeat(100_000)]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
