import { namedDocumentId, UI_NAMESPACE } from '../../common/ui-documents';

/** A saved history view as the datastore keeps it: its name and the URL query that reproduces it. */
export interface SavedView {
  namespace: typeof UI_NAMESPACE;
  id: string;
  type: 'history-view';
  name: string;
  query: string;
}

/** A document id for a new view called `name`: its letters and digits, then a unique suffix. */
export function savedViewId(name: string, now = Date.now()): string {
  return namedDocumentId('view', name, now);
}

/** The saved views among datastore documents, by name. */
export function savedViewsOf(documents: readonly Record<string, unknown>[]): SavedView[] {
  return documents
    .filter(
      (doc): doc is Record<string, unknown> & SavedView =>
        doc['type'] === 'history-view' && typeof doc['name'] === 'string' && typeof doc['query'] === 'string',
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}
