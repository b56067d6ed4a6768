import fc from 'fast-check';
import { documentKey, isValidDocumentId, isValidNamespace } from './document-key.util';
import { idGlobMatcher, idGlobToRegExp } from './id-glob.util';

// Properties over generated globs and ids; fast-check prints the smallest failing case and the seed.

/** Characters that mean something in a glob or a RegExp, and a few that do not. */
const globChar = fc.constantFrom('a', 'b', 'é', '𝒜', '*', '?', '[', ']', '!', '^', '-', '\\', '.', '(', '|', '$');
const glob = fc.array(globChar, { maxLength: 12 }).map((chars) => chars.join(''));
const id = fc
  .array(fc.constantFrom('a', 'b', 'é', '𝒜', '-', '.', ']', '\\', '*', '?'), { maxLength: 10 })
  .map((chars) => chars.join(''));

/** `text` as a glob that matches it alone: every character escaped. */
const escaped = (text: string) => [...text].map((char) => `\\${char}`).join('');

describe(idGlobMatcher.name, () => {
  it('gives a test for any filter of up to 256 characters, which never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 256, unit: 'binary' }), fc.string({ unit: 'binary' }), (filter, anyId) => {
        expect(typeof idGlobMatcher(filter)(anyId)).toBe('boolean');
      }),
    );
  });

  it('matches as the RegExp of the whole glob does, on short ids', () => {
    fc.assert(
      fc.property(glob, fc.array(id, { maxLength: 8 }), (filter, ids) => {
        const reference = idGlobToRegExp(filter);
        expect(ids.map(idGlobMatcher(filter))).toEqual(ids.map((each) => reference.test(each)));
      }),
      { numRuns: 2000 },
    );
  });

  it('matches an escaped id exactly, alone or between stars', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ maxLength: 20 }), (text, other) => {
        expect(idGlobMatcher(escaped(text))(text)).toBe(true);
        expect(idGlobMatcher(escaped(text))(other)).toBe(other === text);
        expect(idGlobMatcher(`*${escaped(text)}*`)(`${other}${text}${other}`)).toBe(true);
      }),
    );
  });
});

describe('document keys', () => {
  it('join a valid namespace and id with : and can be split back at the last :', () => {
    const namespace = fc
      .array(fc.stringMatching(/^[\p{L}\p{N}_\-.~]{0,6}$/u), { maxLength: 3 })
      .map((parts) => parts.join(':'));
    const documentId = fc.stringMatching(/^[\p{L}\p{N}_\-.~]{1,12}$/u);
    fc.assert(
      fc.property(namespace, documentId, (ns, docId) => {
        expect(isValidNamespace(ns)).toBe(true);
        expect(isValidDocumentId(docId)).toBe(true);
        const key = documentKey(ns, docId);
        const split = key.lastIndexOf(':');
        expect(split === -1 ? ['', key] : [key.slice(0, split), key.slice(split + 1)]).toEqual([ns, docId]);
      }),
    );
  });

  it('refuse any namespace or id with a character outside their patterns', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const outside = [...text].some((char) => !/[\p{L}\p{N}_\-.~:]/u.test(char));
        if (outside) expect(isValidNamespace(text)).toBe(false);
        if (outside || text.includes(':') || text === '') expect(isValidDocumentId(text)).toBe(false);
      }),
    );
  });
});
