import { documentKey, isValidDocumentId, isValidNamespace, splitDocumentKey, topLevelNamespace } from './document-key.util';

describe('document keys', () => {
  it.each(['a', 'units', 'A_1-b.c~d', '42', 'température', 'データ'])('accepts the id %p', (id) => {
    expect(isValidDocumentId(id)).toBe(true);
  });

  it.each(['', 'a:b', 'a/b', 'a b', 'a*', 'a?', 'ü!', 'tab\t'])('rejects the id %p', (id) => {
    expect(isValidDocumentId(id)).toBe(false);
  });

  it.each(['', 'svc-global', 'controller-service:controller-1', 'a:b:c', 'é~.-_'])('accepts the namespace %p', (namespace) => {
    expect(isValidNamespace(namespace)).toBe(true);
  });

  it.each(['a b', 'a/b', 'a*', '#'])('rejects the namespace %p', (namespace) => {
    expect(isValidNamespace(namespace)).toBe(false);
  });

  it('rejects ids and namespaces that are not strings', () => {
    expect(isValidDocumentId(5)).toBe(false);
    expect(isValidNamespace(null)).toBe(false);
  });

  it('keys a document <namespace>:<id>, or <id> alone in the empty namespace', () => {
    expect(documentKey('', 'a')).toBe('a');
    expect(documentKey('group', 'a')).toBe('group:a');
    expect(documentKey('group:sub', 'a')).toBe('group:sub:a');
  });

  it('finds the top-level namespace before the first colon', () => {
    expect(topLevelNamespace('a')).toBe('a');
    expect(topLevelNamespace('a:b:c')).toBe('a');
    expect(topLevelNamespace('')).toBe('');
  });

  it('splits a full key into namespace and id, the id being the last section', () => {
    expect(splitDocumentKey('a:b:c')).toEqual({ namespace: 'a:b', id: 'c' });
    expect(splitDocumentKey('c')).toEqual({ namespace: '', id: 'c' });
  });
});
