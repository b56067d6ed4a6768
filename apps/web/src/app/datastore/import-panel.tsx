import { useState } from 'preact/hooks';
import { dataOf } from '../../services/api';
import { problemsOf } from '../../services/service-problems';
import { useConnection } from '../services-context';
import { importPlan, readNamespaceFile, type ImportPlan, type NamespaceFile } from './namespace-file';
import { documentCount, namespaceLabel } from './namespace-nav';

/** A file read and compared with the datastore, waiting for the user's word. */
interface PendingImport {
  fileName: string;
  file: NamespaceFile;
  plan: ImportPlan;
}

/**
 * Imports a namespace file (as Export writes it): the file is checked whole and compared with the
 * stored documents first, the page lists what it adds and changes, and only on the user's word are
 * its documents written, all or none, in one `mset`. A file that cannot be imported says why and
 * writes nothing.
 */
export function ImportPanel({ onImported }: { onImported(namespace: string): void }) {
  const { services } = useConnection();
  const [problem, setProblem] = useState('');
  const [pending, setPending] = useState<PendingImport>();
  const [done, setDone] = useState('');

  const choose = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    input.value = '';
    setProblem('');
    setDone('');
    setPending(undefined);
    if (!chosen) return;
    const file = readNamespaceFile(await chosen.text());
    if (typeof file === 'string') return setProblem(file);
    try {
      const ids = file.documents.map(({ id }) => id);
      const { values } =
        ids.length === 0
          ? { values: [] }
          : await dataOf(services.datastore.POST('/mget', { body: { namespace: file.namespace, ids } }));
      setPending({ fileName: chosen.name, file, plan: importPlan(file.documents, values) });
    } catch (error) {
      setProblem(`Cannot compare with the datastore: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const write = async ({ fileName, file }: PendingImport) => {
    setProblem('');
    let answer;
    try {
      answer = await services.datastore.POST('/mset', { body: { values: file.documents } });
    } catch (error) {
      return setProblem(`The datastore did not answer; nothing was imported: ${String(error)}`);
    }
    const { data, error, response } = answer;
    if (!response.ok || !data) return setProblem(`Nothing was imported: ${problemsOf(response, error).join('; ')}`);
    setPending(undefined);
    setDone(`Imported ${fileName}: ${documentCount(data.values.length)} written to ${namespaceLabel(file.namespace)}.`);
    onImported(file.namespace);
  };

  return (
    <details class="panel import">
      <summary>Import</summary>
      <p class="hint">
        A file that Export wrote. Its documents are written all or none; documents of the namespace that the file lacks
        are kept.
      </p>
      <label>
        Import a namespace file{' '}
        <input type="file" accept=".json,application/json" onChange={(event) => void choose(event.currentTarget)} />
      </label>
      {problem && (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
      {pending && (
        <div role="group" aria-label={`Import ${pending.fileName}?`} class="confirm">
          <p>
            Import {pending.fileName} into {namespaceLabel(pending.file.namespace)}?
          </p>
          <div class="backup-plan">
            <PlanList title="Adds" ids={pending.plan.add} />
            <PlanList title="Changes" ids={pending.plan.change} />
            <PlanList title="Unchanged" ids={pending.plan.same} />
          </div>
          <button type="button" onClick={() => void write(pending)}>
            Import {pending.fileName}
          </button>
          <button type="button" onClick={() => setPending(undefined)}>
            Cancel
          </button>
        </div>
      )}
      <p class="hint" role="status">
        {done}
      </p>
    </details>
  );
}

function PlanList({ title, ids }: { title: string; ids: string[] }) {
  return (
    <div>
      <h3 id={`import-${title}`}>
        {title} {ids.length === 0 ? 'no document' : documentCount(ids.length)}
      </h3>
      {ids.length > 0 && (
        <ul aria-labelledby={`import-${title}`}>
          {ids.map((id) => (
            <li key={id}>{id}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
