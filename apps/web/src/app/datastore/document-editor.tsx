import { useState } from 'preact/hooks';
import { documentKey, type DatastoreDocument } from '@eventcast/domain';
import { problemsOf } from '../../services/service-problems';
import { useConnection } from '../services-context';
import {
  documentOfDraft,
  draftOf,
  serviceProblems,
  type DocumentDraft,
  type DraftInput,
  type DraftProblems,
} from './document-draft';

interface DocumentEditorProps {
  /** The stored document being edited, or undefined for a new one. */
  opened?: DatastoreDocument;
  /** The namespace a new document starts in. */
  namespace: string;
  /** The same document as the page shows it now, to tell a change by another client; null once deleted. */
  current?: DatastoreDocument | null;
  /** After a write of the editor's own: the document saved (null when deleted). */
  onWritten(document: DatastoreDocument | null): void;
  onClose(): void;
}

/**
 * A document's namespace, id and other fields as JSON text, checked as the datastore checks them
 * before anything is sent; Save is a `set`, Delete a `delete` after a confirmation. A problem,
 * the page's or the service's, shows beside the input it is about, and nothing is written.
 */
export function DocumentEditor({ opened, namespace, current, onWritten, onClose }: DocumentEditorProps) {
  const { services } = useConnection();
  const [draft, setDraft] = useState<DocumentDraft>(opened ? draftOf(opened) : { namespace, id: '', fields: '{}' });
  const [problems, setProblems] = useState<DraftProblems>({});
  const [status, setStatus] = useState('');
  const [asking, setAsking] = useState(false);
  const key = opened && documentKey(opened.namespace, opened.id);
  const title = opened ? `Document ${key}` : 'New document';

  const edit = (input: DraftInput, value: string) => {
    setDraft((before) => ({ ...before, [input]: value }));
    setProblems((before) => ({ ...before, [input]: undefined }));
    setStatus('');
  };

  const save = async (event: Event) => {
    event.preventDefault();
    setStatus('');
    const checked = documentOfDraft(draft);
    if ('problems' in checked) return setProblems(checked.problems);
    setProblems({});
    setStatus('Saving…');
    try {
      const { data, error, response } = await services.datastore.POST('/set', { body: { value: checked.document } });
      if (!response.ok || !data) {
        setStatus('');
        return setProblems(serviceProblems(problemsOf(response, error)));
      }
      const saved = data.value ?? checked.document;
      setStatus(`Saved ${documentKey(saved.namespace, saved.id)}.`);
      onWritten(saved);
    } catch (error) {
      setStatus(`The datastore did not answer: ${String(error)}`);
    }
  };

  const remove = async () => {
    if (!opened) return;
    setAsking(false);
    try {
      const { data, error, response } = await services.datastore.POST('/delete', {
        body: { namespace: opened.namespace, id: opened.id },
      });
      if (!response.ok || !data) return setStatus(`Not deleted: ${problemsOf(response, error).join('; ')}`);
      onWritten(null);
    } catch (error) {
      setStatus(`The datastore did not answer: ${String(error)}`);
    }
  };

  return (
    <section class="panel document-editor" aria-labelledby="document-editor-heading">
      <h2 id="document-editor-heading">{title}</h2>
      {opened && current === null && <p class="problem">Another client deleted {key}; Save writes it again.</p>}
      {opened && current && JSON.stringify(current) !== JSON.stringify(opened) && (
        <p class="problem">Another client changed {key} since it was opened; Save replaces that change.</p>
      )}
      <form aria-label={title} onSubmit={(event) => void save(event)} noValidate>
        <DraftInputField
          input="namespace"
          label="Namespace"
          draft={draft}
          problems={problems}
          onEdit={edit}
          readOnly={!!opened}
        />
        <DraftInputField input="id" label="Id" draft={draft} problems={problems} onEdit={edit} readOnly={!!opened} />
        <DraftInputField input="fields" label="Fields (JSON)" draft={draft} problems={problems} onEdit={edit} />
        <div class="form-actions">
          <button type="submit">Save</button>
          {opened && !asking && (
            <button type="button" onClick={() => setAsking(true)}>
              Delete
            </button>
          )}
          <button type="button" onClick={onClose}>
            Close
          </button>
          <span role="status" class="hint">
            {status}
          </span>
        </div>
      </form>
      {opened && asking && (
        <div role="group" aria-label={`Delete ${key}?`} class="confirm">
          <p>Delete {key}? Other clients see it go at once.</p>
          <button type="button" onClick={() => void remove()}>
            Delete {opened.id}
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            Keep it
          </button>
        </div>
      )}
    </section>
  );
}

interface DraftInputFieldProps {
  input: DraftInput;
  label: string;
  draft: DocumentDraft;
  problems: DraftProblems;
  readOnly?: boolean;
  onEdit(input: DraftInput, value: string): void;
}

function DraftInputField({ input, label, draft, problems, readOnly, onEdit }: DraftInputFieldProps) {
  const id = `document-${input}`;
  const problem = problems[input];
  const common = {
    id,
    value: draft[input],
    readOnly,
    spellcheck: false,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-problem` : undefined,
    onInput: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
      onEdit(input, event.currentTarget.value),
  };
  return (
    <div class="form-field">
      <label for={id}>{label}</label>
      {input === 'fields' ? <textarea rows={12} {...common} /> : <input type="text" {...common} />}
      {problem && (
        <p id={`${id}-problem`} class="problem">
          {problem.join('; ')}
        </p>
      )}
    </div>
  );
}
