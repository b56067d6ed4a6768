import { applyDatastoreEvent, eventTouchesNamespace } from './document-list';

const doc = (namespace: string, id: string, v = 1) => ({ namespace, id, v });

describe(applyDatastoreEvent.name, () => {
  const shown = [doc('a', 'x-1'), doc('a', 'x-2')];

  it('adds and replaces the changed documents of the namespace, in id order', () => {
    expect(applyDatastoreEvent(shown, 'a', { changed: [doc('a', 'x-10'), doc('a', 'x-2', 2)] })).toEqual([
      doc('a', 'x-1'),
      doc('a', 'x-10'),
      doc('a', 'x-2', 2),
    ]);
  });

  it('removes the deleted documents of the namespace, by their full key', () => {
    expect(applyDatastoreEvent(shown, 'a', { deleted: ['a:x-1', 'a:b:x-2'] })).toEqual([doc('a', 'x-2')]);
  });

  it('leaves the list as it is for documents of other namespaces, nested ones included', () => {
    expect(applyDatastoreEvent(shown, 'a', { changed: [doc('a:b', 'x-1', 5), doc('', 'x-1')] })).toBe(shown);
    expect(applyDatastoreEvent(shown, 'a', { deleted: ['x-1', 'a:b:x-1'] })).toBe(shown);
  });

  it('reads the empty namespace from keys without a :', () => {
    expect(applyDatastoreEvent([doc('', 'units')], '', { deleted: ['units'] })).toEqual([]);
  });
});

describe(eventTouchesNamespace.name, () => {
  it('tells a change or a delete of a document of the namespace', () => {
    expect(eventTouchesNamespace({ changed: [doc('b', 'y'), doc('a', 'x')] }, 'a')).toBe(true);
    expect(eventTouchesNamespace({ deleted: ['b:y', 'a:x'] }, 'a')).toBe(true);
    expect(eventTouchesNamespace({ deleted: ['units'] }, '')).toBe(true);
  });

  it('ignores other namespaces, nested ones and the one above included', () => {
    expect(eventTouchesNamespace({ changed: [doc('a:b', 'x'), doc('', 'x')] }, 'a')).toBe(false);
    expect(eventTouchesNamespace({ deleted: ['a:b:x', 'x'] }, 'a')).toBe(false);
    expect(eventTouchesNamespace({ changed: [doc('a', 'x')] }, 'a:b')).toBe(false);
  });
});
