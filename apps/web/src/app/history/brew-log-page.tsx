import { useEffect, useState } from 'preact/hooks';
import { UI_NAMESPACE } from '../../common/ui-documents';
import { dataOf } from '../../services/api';
import { download } from '../../ui/download';
import { useConnection } from '../services-context';
import { csvWithAnnotations } from './annotation-export';
import type { Annotation } from './annotation-words';
import { brewReportHtml } from './brew-report';
import {
  brewSessionsOf,
  newBrewSession,
  sessionFields,
  sessionGraphQuery,
  sessionSpan,
  type BrewSession,
} from './brew-sessions';
import { defaultColour } from './colours';
import { exportFileName } from './export-name';
import { savedViewsOf } from './saved-views';
import { unitOf } from '../../common/units';
import { parseViewState, type FieldView } from './view-state';

/** Points per line of a report's graph. */
const REPORT_POINTS = 600;

/** Where a new session's fields come from: a previous session, a saved view, or the graph the user came from. */
interface FieldSource {
  label: string;
  fields: FieldView[];
}

/**
 * The brew log: named spans of time (a brew, a fermentation) with their graph's fields; each opens
 * as a graph with its notes and annotations, and exports as one HTML file or as CSV.
 */
export function BrewLogPage() {
  const { services } = useConnection();
  const [sessions, setSessions] = useState<BrewSession[]>([]);
  const [sources, setSources] = useState<FieldSource[]>([]);
  const [problem, setProblem] = useState('');
  const [generation, setGeneration] = useState(0);
  const [name, setName] = useState('');
  const [source, setSource] = useState(0);
  const [startedAt, setStartedAt] = useState('');

  useEffect(() => {
    let current = true;
    dataOf(services.datastore.POST('/mget', { body: { namespace: UI_NAMESPACE } })).then(
      ({ values }) => {
        if (!current) return;
        const documents = values as Record<string, unknown>[];
        const listed = brewSessionsOf(documents);
        setSessions(listed);
        setSources(fieldSources(listed, documents));
        setProblem('');
      },
      (error: Error) => current && setProblem(`Could not list the sessions: ${error.message}`),
    );
    return () => {
      current = false;
    };
  }, [services, generation]);

  const act = async (call: Promise<unknown>, failure: string) => {
    try {
      await call;
      setProblem('');
    } catch (error) {
      setProblem(`${failure}: ${(error as Error).message}`);
    }
    setGeneration((count) => count + 1);
  };
  const start = (event: Event) => {
    event.preventDefault();
    if (name.trim() === '') return setProblem('Name the session first.');
    const started = startedAt === '' ? Date.now() : new Date(startedAt).getTime();
    if (!Number.isFinite(started) || started > Date.now()) return setProblem('A session starts now or in the past.');
    const value = newBrewSession(name.trim(), started, sources[source]?.fields ?? []);
    void act(dataOf(services.datastore.POST('/set', { body: { value } })), 'Could not start the session');
    setName('');
    setStartedAt('');
  };
  const end = (session: BrewSession) =>
    void act(
      dataOf(services.datastore.POST('/set', { body: { value: { ...session, end: new Date().toISOString() } } })),
      `Could not end ${session.name}`,
    );
  const remove = (session: BrewSession) =>
    void act(
      dataOf(services.datastore.POST('/delete', { body: { namespace: UI_NAMESPACE, id: session.id } })),
      `Could not delete ${session.name}`,
    );

  const annotationsOf = (session: BrewSession, fields: readonly string[]): Promise<Annotation[]> => {
    const { from, to } = sessionSpan(session);
    return dataOf(
      services.history.GET('/annotations', {
        params: { query: { field: [...fields], start: from, end: to, limit: 10_000 } },
      }),
    );
  };
  const exportHtml = async (session: BrewSession) => {
    const fields = sessionFields(session);
    const names = fields.map((field) => field.name);
    const span = sessionSpan(session);
    try {
      const [series, annotations] = await Promise.all([
        names.length === 0
          ? Promise.resolve([])
          : dataOf(
              services.history.POST('/timeseries/ranges', {
                body: { fields: names, start: span.from, end: span.to, points: REPORT_POINTS },
              }),
            ),
        annotationsOf(session, names),
      ]);
      const lines = fields.map((field, index) => ({
        label: field.label || field.name,
        colour: field.colour ?? defaultColour(index),
        unit: unitOf(field.name),
        points: (series[index]?.values ?? []) as Array<[number, number]>,
      }));
      const html = brewReportHtml({ name: session.name, span, lines, annotations });
      download(new Blob([html], { type: 'text/html' }), exportFileName(subject(session), 'html'));
    } catch (error) {
      setProblem(`Could not export ${session.name}: ${(error as Error).message}`);
    }
  };
  const exportCsv = async (session: BrewSession) => {
    const names = sessionFields(session).map((field) => field.name);
    const span = sessionSpan(session);
    try {
      const [csv, annotations] = await Promise.all([
        dataOf(
          services.history.POST('/timeseries/csv', {
            body: { fields: names, start: span.from, end: span.to, precision: 'ISO8601' },
            parseAs: 'text',
          }),
        ),
        annotationsOf(session, names),
      ]);
      const text = csvWithAnnotations(csv as unknown as string, annotations);
      download(new Blob([text], { type: 'text/csv' }), exportFileName(subject(session), 'csv'));
    } catch (error) {
      setProblem(`Could not export ${session.name}: ${(error as Error).message}`);
    }
  };

  return (
    <div class="brew-log">
      <h1>Brew log</h1>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      <section class="panel" aria-labelledby="new-session">
        <h2 id="new-session">Start a session</h2>
        <form class="new-session" onSubmit={start}>
          <label>
            Name
            <input value={name} onInput={(event) => setName(event.currentTarget.value)} placeholder="Brew 12: IPA" />
          </label>
          <label>
            Fields
            <select value={String(source)} onChange={(event) => setSource(Number(event.currentTarget.value))}>
              {sources.map((each, index) => (
                <option key={index} value={String(index)}>
                  {each.label}
                </option>
              ))}
              {sources.length === 0 && <option value="0">None yet: pick them on the graph</option>}
            </select>
          </label>
          <label>
            Started (empty: now)
            <input
              type="datetime-local"
              value={startedAt}
              onInput={(event) => setStartedAt(event.currentTarget.value)}
            />
          </label>
          <button type="submit" class="primary">
            Start session
          </button>
        </form>
      </section>
      <section class="panel" aria-labelledby="sessions">
        <h2 id="sessions">Sessions</h2>
        {sessions.length === 0 ? (
          <p>No sessions yet.</p>
        ) : (
          <ul class="sessions">
            {sessions.map((session) => (
              <li key={session.id}>
                <h3>{session.name}</h3>
                <p class="hint">
                  {spanText(session)} · {fieldCount(sessionFields(session).length)}
                </p>
                <a href={`/?${sessionGraphQuery(session)}`}>Open graph</a>
                {!session.end && (
                  <button type="button" onClick={() => end(session)}>
                    End now
                  </button>
                )}
                <button type="button" onClick={() => void exportHtml(session)}>
                  Export HTML
                </button>
                <button type="button" onClick={() => void exportCsv(session)}>
                  Export CSV
                </button>
                <button type="button" onClick={() => remove(session)} aria-label={`Delete ${session.name}`}>
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** What a new session may take its fields from: the graph the user came from, previous sessions, saved views. */
function fieldSources(sessions: readonly BrewSession[], documents: readonly Record<string, unknown>[]): FieldSource[] {
  const came = new URLSearchParams(window.location.search).get('view');
  const fromGraph = came ? [{ label: 'The graph you came from', fields: parseViewState(came).fields }] : [];
  return [
    ...fromGraph,
    ...sessions.map((session) => ({ label: `As ${session.name}`, fields: sessionFields(session) })),
    ...savedViewsOf(documents).map((view) => ({
      label: `As the view ${view.name}`,
      fields: parseViewState(view.query).fields,
    })),
  ].filter((each) => each.fields.length > 0);
}

function spanText(session: BrewSession): string {
  const format = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return session.end ? `${format(session.start)} – ${format(session.end)}` : `since ${format(session.start)}, running`;
}

function fieldCount(count: number): string {
  return `${count} ${count === 1 ? 'field' : 'fields'}`;
}

function subject(session: BrewSession) {
  return { viewName: session.name, fieldLabels: [], span: sessionSpan(session) };
}
