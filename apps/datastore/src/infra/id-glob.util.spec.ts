import { idGlobToRegExp } from './id-glob.util';

function matches(glob: string, ids: string[]): string[] {
  const pattern = idGlobToRegExp(glob);
  return ids.filter((id) => pattern.test(id));
}

describe(idGlobToRegExp.name, () => {
  const ids = ['a', 'ab', 'abc', 'b', 'b.c', 'x-1', 'x-2', 'x-10', 'a*', 'é'];

  it('matches any run with * and one character with ?', () => {
    expect(matches('a*', ids)).toEqual(['a', 'ab', 'abc', 'a*']);
    expect(matches('x-?', ids)).toEqual(['x-1', 'x-2']);
    expect(matches('*', ids)).toEqual(ids);
  });

  it('matches sets, ranges and their complements', () => {
    expect(matches('[ab]', ids)).toEqual(['a', 'b']);
    expect(matches('x-[1-2]', ids)).toEqual(['x-1', 'x-2']);
    expect(matches('x-[!1]', ids)).toEqual(['x-2']);
    expect(matches('x-[^1]', ids)).toEqual(['x-2']);
  });

  it('takes dots, dashes and escaped wildcards literally', () => {
    expect(matches('b.c', ['b.c', 'bxc'])).toEqual(['b.c']);
    expect(matches('a\\*', ids)).toEqual(['a*']);
    expect(matches('[', ['[', 'a'])).toEqual(['[']);
  });

  it('matches the whole id, Unicode letters as one character', () => {
    expect(matches('b', ids)).toEqual(['b']);
    expect(matches('?', ids)).toEqual(['a', 'b', 'é']);
  });
});
