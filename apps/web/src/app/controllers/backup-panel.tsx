import { useState } from 'preact/hooks';
import { dataOf } from '../../services/api';
import { download } from '../../ui/download';
import { useConnection } from '../services-context';
import { backupFileName, backupPlan, readBackup, type Backup, type BackupPlan } from './backup-plan';
import { useControllerCall } from './use-controller-call';

/** A backup file read and compared with the controller, waiting for the user's word. */
interface PendingLoad {
  fileName: string;
  backup: Backup;
  plan: BackupPlan;
}

/**
 * Save downloads the controller's backup as a file; Load reads one, lists first what it will
 * remove, add and change, and loads it only once the user confirms. What the load changed shows
 * through the controller's patch event.
 */
export function BackupPanel({ serviceId }: { serviceId: string }) {
  const { services } = useConnection();
  const [problem, setProblem] = useState('');
  const [pending, setPending] = useState<PendingLoad>();
  const [messages, setMessages] = useState<string[]>();
  const { outcome, run } = useControllerCall(serviceId);
  const client = () => services.controller(serviceId);

  const save = () => {
    setProblem('');
    dataOf(client().POST('/blocks/backup/save')).then(
      (backup) =>
        download(
          new Blob([JSON.stringify(backup, null, 2)], { type: 'application/json' }),
          backupFileName(backup, serviceId),
        ),
      (error: unknown) => setProblem(`Save failed: ${String(error instanceof Error ? error.message : error)}`),
    );
  };

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    setProblem('');
    setMessages(undefined);
    if (!file) return;
    const backup = readBackup(await file.text());
    if (typeof backup === 'string') return setProblem(backup);
    try {
      const current = await dataOf(client().POST('/blocks/all/read/stored'));
      setPending({ fileName: file.name, backup, plan: backupPlan(current, backup) });
    } catch (error) {
      setProblem(`Cannot compare with the controller: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const load = (backup: Backup) => {
    run(
      async (controller) => {
        const answer = await controller.POST('/blocks/backup/load', { body: backup });
        setMessages(answer.data?.messages ?? []);
        return answer;
      },
      () => setPending(undefined),
    );
  };

  return (
    <details class="panel backup">
      <summary>Backup</summary>
      <div class="form-actions">
        <button type="button" onClick={save}>
          Save backup
        </button>
        <label>
          Load backup{' '}
          <input type="file" accept=".json,application/json" onChange={(e) => void choose(e.currentTarget)} />
        </label>
      </div>
      {problem && (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
      {pending && (
        <div role="group" aria-label={`Load ${pending.fileName}?`} class="confirm">
          <p>
            Load {pending.fileName}? A load is not a merge: the controller keeps only the file's blocks and documents.
          </p>
          <div class="backup-plan">
            <PlanList title="Removes" ids={pending.plan.remove} />
            <PlanList title="Adds" ids={pending.plan.add} />
            <PlanList title="Changes" ids={pending.plan.change} />
          </div>
          <button type="button" onClick={() => load(pending.backup)}>
            Load {pending.fileName}
          </button>
          <button type="button" onClick={() => setPending(undefined)}>
            Cancel
          </button>
          {outcome?.state === 'refused' && <p class="problem">{outcome.problems.join('; ')}</p>}
        </div>
      )}
      <p class="hint" role="status">
        {outcome?.state === 'sending' ? 'Loading…' : messages && outcome?.state === 'done' ? loadedText(messages) : ''}
      </p>
      {outcome?.state === 'done' && messages && messages.length > 0 && (
        <ul class="problem" aria-label="Not restored">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </details>
  );
}

function PlanList({ title, ids }: { title: string; ids: string[] }) {
  return (
    <div>
      <h3 id={`backup-${title}`}>
        {title} {ids.length === 0 ? 'no block' : `${ids.length} block${ids.length === 1 ? '' : 's'}`}
      </h3>
      {ids.length > 0 && (
        <ul aria-labelledby={`backup-${title}`}>
          {ids.map((id) => (
            <li key={id}>{id}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function loadedText(messages: string[]): string {
  return messages.length === 0
    ? 'Backup loaded: every block and document restored.'
    : `Backup loaded; ${messages.length} not restored:`;
}
