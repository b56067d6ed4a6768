import { splitDocumentKey, type DatastoreDocument, type DatastoreEvent } from '@eventcast/domain';

/**
 * The documents of `namespace` after a change event: changed ones replaced or added, deleted ones
 * removed, sorted by id in the datastore's order; events about other namespaces change nothing
 * (the same list is returned).
 */
export function applyDatastoreEvent(
  documents: readonly DatastoreDocument[],
  namespace: string,
  event: DatastoreEvent,
): readonly DatastoreDocument[] {
  const byId = new Map(documents.map((document) => [document.id, document]));
  let touched = false;
  if ('changed' in event) {
    for (const document of event.changed) {
      if (document.namespace !== namespace) continue;
      byId.set(document.id, document);
      touched = true;
    }
  } else {
    for (const key of event.deleted) {
      const { namespace: own, id } = splitDocumentKey(key);
      if (own === namespace) touched = byId.delete(id) || touched;
    }
  }
  return touched ? [...byId.values()].sort(inIdOrder) : documents;
}

/** Ids in JavaScript string order (by UTF-16 code unit), as the datastore sorts them. */
function inIdOrder(a: DatastoreDocument, b: DatastoreDocument): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whether `event` changes or deletes a document of `namespace` itself (not of a namespace nested in it). */
export function eventTouchesNamespace(event: DatastoreEvent, namespace: string): boolean {
  return 'changed' in event
    ? event.changed.some((document) => document.namespace === namespace)
    : event.deleted.some((key) => splitDocumentKey(key).namespace === namespace);
}
