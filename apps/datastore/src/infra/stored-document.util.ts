import { type DatastoreDocument, idGlobMatcher } from '@eventcast/domain';
import { DocumentSelection, NamespaceCount } from '../app/ports/document-store.port';

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

/** JavaScript string order, by UTF-16 code unit, for ids and namespaces alike. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sortIds(ids: string[]): string[] {
  return ids.sort(byCodeUnit);
}

/** Namespace counts in namespace order, without namespaces that hold nothing. */
export function sortedNamespaces(counts: NamespaceCount[]): NamespaceCount[] {
  return counts.filter(({ count }) => count > 0).sort((a, b) => byCodeUnit(a.namespace, b.namespace));
}
