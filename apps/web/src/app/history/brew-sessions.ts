import { namedDocumentId, UI_NAMESPACE } from '../../common/ui-documents';
import { DEFAULT_VIEW, formatViewState, parseViewState, type FieldView } from './view-state';

/**
 * A brew log session as the datastore keeps it: a named span of time (a brew, a fermentation), its
 * end unset while it runs, and the fields its graph shows as a history view's query (names,
 * labels, colours). Its notes and annotations are the history service's, over its span.
 */
export interface BrewSession {
  namespace: typeof UI_NAMESPACE;
  id: string;
  type: 'brew-session';
  name: string;
  /** ISO 8601. */
  start: string;
  end?: string;
  query: string;
}

/** A new session called `name` from `start` (epoch ms) with `fields`, running until it is ended. */
export function newBrewSession(
  name: string,
  start: number,
  fields: readonly FieldView[],
  now = Date.now(),
): BrewSession {
  return {
    namespace: UI_NAMESPACE,
    id: namedDocumentId('brew', name, now),
    type: 'brew-session',
    name,
    start: new Date(start).toISOString(),
    query: formatViewState({ ...DEFAULT_VIEW, fields: [...fields] }),
  };
}

/** The sessions among datastore documents, the latest first. */
export function brewSessionsOf(documents: readonly Record<string, unknown>[]): BrewSession[] {
  return documents
    .filter(
      (doc): doc is Record<string, unknown> & BrewSession =>
        doc['type'] === 'brew-session' &&
        typeof doc['name'] === 'string' &&
        typeof doc['start'] === 'string' &&
        Number.isFinite(Date.parse(doc['start'])) &&
        typeof doc['query'] === 'string',
    )
    .sort((a, b) => Date.parse(b.start) - Date.parse(a.start));
}

/** The fields of a session's graph. */
export function sessionFields(session: BrewSession): FieldView[] {
  return parseViewState(session.query).fields;
}

/** The span of a session (epoch ms): to its end, or to `now` while it runs. */
export function sessionSpan(session: BrewSession, now = Date.now()): { from: number; to: number } {
  return { from: Date.parse(session.start), to: session.end ? Date.parse(session.end) : now };
}

/** The history page's query that shows the session: its fields over its span. */
export function sessionGraphQuery(session: BrewSession, now = Date.now()): string {
  return formatViewState({ ...parseViewState(session.query), range: sessionSpan(session, now) });
}
