import { useEffect, useState } from 'preact/hooks';
import type { DatastoreDocument } from '@eventcast/domain';
import { dataOf } from '../../services/api';
import { download } from '../../ui/download';
import { useConnection } from '../services-context';
import { DocumentEditor } from './document-editor';
import { ImportPanel } from './import-panel';
import { namespaceFile, namespaceFileName } from './namespace-file';
import { documentCount, namespaceLabel, NamespaceNav } from './namespace-nav';
import { useDatastore } from './use-datastore';

/** The query parameter that holds the chosen namespace (present and empty: the empty namespace). */
const NAMESPACE_PARAMETER = 'namespace';

/**
 * What the editor holds: a stored document, or a new one; `opening` counts the user's openings, so
 * that each gets a fresh editor while a saved new document stays in the editor that saved it.
 */
type Editing = ({ document: DatastoreDocument } | { new: true }) & { opening: number };

/**
 * The datastore's namespaces as a tree and the documents of the chosen one, live from the change
 * events; a document opened in the editor, a new one created; a namespace exported as one file and
 * a file imported. The chosen namespace lives in the URL (`/datastore?namespace=...`).
 */
export function DatastorePage() {
  const [namespace, setNamespace] = useState(chosenNamespace);
  const [editing, setEditing] = useState<Editing>();
  const [openings, setOpenings] = useState(0);
  const open = (what: { document: DatastoreDocument } | { new: true }) => {
    setOpenings(openings + 1);
    setEditing({ ...what, opening: openings + 1 });
  };
  const [exportProblem, setExportProblem] = useState('');
  const { services } = useConnection();
  const { live, namespaces, documents, problem, reload } = useDatastore(namespace);

  useEffect(() => {
    const follow = () => setNamespace(chosenNamespace());
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);

  const choose = (next: string) => {
    const url = new URL(window.location.href);
    url.searchParams.set(NAMESPACE_PARAMETER, next);
    if (next !== namespace) window.history.pushState(null, '', url);
    setNamespace(next);
    setEditing(undefined);
  };

  const exportNamespace = (of: string) => {
    setExportProblem('');
    dataOf(services.datastore.POST('/mget', { body: { namespace: of } })).then(
      ({ values }) => {
        const at = new Date();
        const text = JSON.stringify(namespaceFile(of, values, at), null, 2);
        download(new Blob([text], { type: 'application/json' }), namespaceFileName(of, at));
      },
      (error: unknown) => setExportProblem(`Export failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  const opened = editing && 'document' in editing ? editing.document : undefined;
  const current = opened && documents ? (documents.find(({ id }) => id === opened.id) ?? null) : undefined;

  return (
    <>
      <h1>Datastore</h1>
      <p class="hint" role="status">
        {live ? 'Live' : 'Connecting to the documents stream…'}
      </p>
      {problem && (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
      <div class="layout">
        <NamespaceNav list={namespaces} chosen={namespace} onChoose={choose} />
        <div class="main-column">
          <section class="panel" aria-labelledby="documents-heading">
            <h2 id="documents-heading">
              {namespace === undefined ? 'Documents' : `Documents of ${namespaceLabel(namespace)}`}
            </h2>
            <div class="form-actions">
              <button type="button" onClick={() => open({ new: true })}>
                New document
              </button>
              {namespace !== undefined && (
                <button type="button" onClick={() => exportNamespace(namespace)}>
                  Export {namespaceLabel(namespace)}
                </button>
              )}
            </div>
            {exportProblem && <p class="problem">{exportProblem}</p>}
            {namespace === undefined && <p class="hint">Choose a namespace to see its documents.</p>}
            {namespace !== undefined && !documents && <p class="hint">Loading…</p>}
            {documents && <DocumentList documents={documents} onOpen={(document) => open({ document })} />}
          </section>
          {editing && (
            <DocumentEditor
              key={editing.opening}
              opened={opened}
              namespace={namespace ?? ''}
              current={current}
              onWritten={(document) => {
                reload();
                if (!document) return setEditing(undefined);
                if (document.namespace !== namespace) choose(document.namespace);
                setEditing({ document, opening: editing.opening });
              }}
              onClose={() => setEditing(undefined)}
            />
          )}
          <ImportPanel
            onImported={(imported) => {
              reload();
              choose(imported);
            }}
          />
        </div>
      </div>
    </>
  );
}

/** The documents of a namespace: each id opens the document in the editor, beside the start of its fields. */
function DocumentList({
  documents,
  onOpen,
}: {
  documents: readonly DatastoreDocument[];
  onOpen(document: DatastoreDocument): void;
}) {
  if (documents.length === 0) return <p class="hint">No document here any more.</p>;
  return (
    <>
      <p class="hint">{documentCount(documents.length)}</p>
      <ul class="documents" aria-label="Documents">
        {documents.map((document) => {
          const { namespace: _namespace, id, ...fields } = document;
          return (
            <li key={id}>
              <button type="button" onClick={() => onOpen(document)}>
                {id}
              </button>
              <code class="fields-preview">{preview(fields)}</code>
            </li>
          );
        })}
      </ul>
    </>
  );
}

const PREVIEW_LENGTH = 120;

function preview(fields: Record<string, unknown>): string {
  const text = JSON.stringify(fields);
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text;
}

/** The namespace the URL names, or undefined when it names none. */
function chosenNamespace(): string | undefined {
  return new URLSearchParams(window.location.search).get(NAMESPACE_PARAMETER) ?? undefined;
}
