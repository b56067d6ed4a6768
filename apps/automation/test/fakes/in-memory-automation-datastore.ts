import { type DatastoreDocument, documentKey } from '@eventcast/domain';
import { AutomationDatastore, DatastoreUnavailableError } from '../../src/app/documents/automation-datastore.port';

/**
 * An `AutomationDatastore` in memory for unit specs: documents kept as the datastore keeps them,
 * every call counted, and `reachable = false` makes every call fail as an unreachable datastore does.
 */
export class InMemoryAutomationDatastore extends AutomationDatastore {
  readonly stored = new Map<string, DatastoreDocument>();
  reachable = true;
  calls = 0;
  /** Runs before a read answers, to play a write that lands while the read is on its way. */
  beforeRead?: () => void;

  constructor(documents: DatastoreDocument[] = []) {
    super();
    for (const document of documents) this.stored.set(documentKey(document.namespace, document.id), document);
  }

  async mget(namespace: string): Promise<DatastoreDocument[]> {
    this.answer();
    const documents = [...this.stored.values()].filter((document) => document.namespace === namespace);
    this.beforeRead?.();
    return structuredClone(documents.sort((a, b) => a.id.localeCompare(b.id)));
  }

  async mset(values: DatastoreDocument[]): Promise<DatastoreDocument[]> {
    this.answer();
    for (const document of values)
      this.stored.set(documentKey(document.namespace, document.id), structuredClone(document));
    return structuredClone(values);
  }

  async mdelete(namespace: string, ids: string[]): Promise<number> {
    this.answer();
    return ids.filter((id) => this.stored.delete(documentKey(namespace, id))).length;
  }

  private answer(): void {
    this.calls += 1;
    if (!this.reachable) throw new DatastoreUnavailableError('the datastore at http://127.0.0.1:1 is unreachable');
  }
}
