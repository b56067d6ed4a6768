import { type DatastoreDocument, idGlobMatcher } from '@eventcast/domain';
import { DocumentSelection } from '../app/ports/document-store.port';

/** The same key twice in one write: the later document wins, at the place of the first. */
export function lastWriteWins(documents: DatastoreDocument[]): DatastoreDocument[] {
  const byKey = new Map<string, DatastoreDocument>();
  for (const document of documents) byKey.set(`${document.namespace}\u0000${document.id}`, document);
  return [...byKey.values()];
}

/**
 * Applies a selection to the ids of one namespace: `ids` that exist in the given order, then the
 * `filter` matches sorted by id, each once. `sortedIds` lists every id of the namespace.
 */
export function selectIds(
  selection: DocumentSelection,
  exists: (id: string) => boolean,
  sortedIds: () => string[],
): string[] {
  const { ids, filter } = selection;
  if (ids === undefined && filter === undefined) return sortedIds();
  const chosen = new Set<string>();
  for (const id of ids ?? []) if (exists(id)) chosen.add(id);
  if (filter !== undefined) {
    const matches = idGlobMatcher(filter);
    for (const id of sortedIds()) if (matches(id)) chosen.add(id);
  }
  return [...chosen];
}

export function sortIds(ids: string[]): string[] {
  return ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
