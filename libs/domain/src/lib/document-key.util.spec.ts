import {
  documentKey,
  isValidDocumentId,
  isValidNamespace,
  splitDocumentKey,
  topLevelNamespace,
} from './document-key.util';

describe(isValidDocumentId.name, () => {
  it.each(['a', 'units', 'A_1-b.c~d', '42', 'température', 'データ'])(
    'accepts letters of any script, digits, _ - . ~: %p',
    (id) => {
      expect(isValidDocumentId(id)).toBe(true);
    },
  );

  it.each(['', 'a:b', 'a/b', 'a b', 'a*', 'a?', 'ü!', 'tab\t'])(
    'rejects the empty id and any other character: %p',
    (id) => {
      expect(isValidDocumentId(id)).toBe(false);
    },
  );

  it('rejects an id that is not a string', () => {
    expect(isValidDocumentId(5)).toBe(false);
  });
});

describe(isValidNamespace.name, () => {
  it.each(['', 'svc-global', 'controller-service:controller-1', 'a:b:c', 'é~.-_'])(
    'accepts the characters of an id, : and the empty namespace: %p',
    (namespace) => {
      expect(isValidNamespace(namespace)).toBe(true);
    },
  );

  it.each(['a b', 'a/b', 'a*', '#'])('rejects any other character: %p', (namespace) => {
    expect(isValidNamespace(namespace)).toBe(false);
  });

  it('rejects a namespace that is not a string', () => {
    expect(isValidNamespace(null)).toBe(false);
  });
});

describe(documentKey.name, () => {
  it('keys a document <namespace>:<id>', () => {
    expect(documentKey('group', 'a')).toBe('group:a');
    expect(documentKey('a:b', 'c')).toBe('a:b:c');
  });

  it('keys a document in the empty namespace by its id alone', () => {
    expect(documentKey('', 'a')).toBe('a');
  });
});

describe(topLevelNamespace.name, () => {
  it('finds the part of a namespace before the first colon', () => {
    expect(topLevelNamespace('a')).toBe('a');
    expect(topLevelNamespace('a:b')).toBe('a');
    expect(topLevelNamespace('a:b:c')).toBe('a');
  });

  it('gives the empty string for the empty namespace', () => {
    expect(topLevelNamespace('')).toBe('');
  });
});

describe(splitDocumentKey.name, () => {
  it('splits a full key into namespace and id, the id being the last section', () => {
    expect(splitDocumentKey('a:b:c')).toEqual({ namespace: 'a:b', id: 'c' });
    expect(splitDocumentKey('c')).toEqual({ namespace: '', id: 'c' });
  });

  it.each([
    ['', 'a'],
    ['group', 'a'],
    ['group:sub', 'a'],
  ])('undoes documentKey(%p, %p)', (namespace, id) => {
    expect(splitDocumentKey(documentKey(namespace, id))).toEqual({ namespace, id });
  });
});
