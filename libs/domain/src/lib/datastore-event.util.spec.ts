import { readDatastoreEvent } from './datastore-event.util';

describe(readDatastoreEvent.name, () => {
  it('reads changed documents, keeping every field', () => {
    const changed = [{ namespace: 'svc-ui-store:dashboards', id: 'main', widgets: [1, 2] }];
    expect(readDatastoreEvent(JSON.stringify({ changed }))).toEqual({ changed });
  });

  it('reads deleted full keys', () => {
    expect(readDatastoreEvent('{"deleted": ["svc-ui-store:layout", "units"]}')).toEqual({
      deleted: ['svc-ui-store:layout', 'units'],
    });
  });

  it.each([
    ['not JSON', 'changed'],
    ['an array', '[]'],
    ['neither list', '{"other": []}'],
    ['both lists', '{"changed": [], "deleted": []}'],
    ['a document with a bad id', '{"changed": [{"namespace": "a", "id": "a b"}]}'],
    ['a document without a namespace', '{"changed": [{"id": "a"}]}'],
    ['a key that is not text', '{"deleted": [1]}'],
  ])('passes over %s', (_kind, text) => {
    expect(readDatastoreEvent(text)).toBeUndefined();
  });
});
