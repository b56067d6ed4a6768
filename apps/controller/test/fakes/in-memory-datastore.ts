import { type DatastoreDocument, idGlobMatcher } from '@eventcast/domain';
import { Datastore, DatastoreUnavailableError, DocumentSelection } from '../../src/app/ports/datastore.port';

/**
 * A `Datastore` in memory, for unit specs: documents by namespace and id, stored as JSON so a
 * caller's later change to an object it passed never reaches them. While `goOffline` holds, every
 * call rejects with `DatastoreUnavailableError` and changes nothing. It keeps the datastore's
 * contract (`datastore.contract.ts`), glob filters included.
 */
export class InMemoryDatastore extends Datastore {
  private readonly texts = new Map<string, string>();
  private offline = false;

  async get(namespace: string, id: string): Promise<DatastoreDocument | null> {
    this.checkReachable();
    return this.read(namespace, id) ?? null;
  }

  async mget(namespace: string, selection: DocumentSelection = {}): Promise<DatastoreDocument[]> {
    this.checkReachable();
    return this.selected(namespace, selection).map((id) => this.read(namespace, id) as DatastoreDocument);
  }

  async mset(values: DatastoreDocument[]): Promise<DatastoreDocument[]> {
    this.checkReachable();
    const texts = values.map((document): [string, string] => [
      key(document.namespace, document.id),
      JSON.stringify(document),
    ]);
    for (const [documentKey, text] of texts) this.texts.set(documentKey, text);
    return texts.map(([, text]) => JSON.parse(text) as DatastoreDocument);
  }

  async mdelete(namespace: string, selection: DocumentSelection): Promise<number> {
    this.checkReachable();
    if (selection.ids === undefined && selection.filter === undefined) return 0;
    const ids = this.selected(namespace, selection);
    for (const id of ids) this.texts.delete(key(namespace, id));
    return ids.length;
  }

  async check(): Promise<void> {
    this.checkReachable();
  }

  /** The datastore stops answering. */
  goOffline(): void {
    this.offline = true;
  }

  /** The datastore answers again, with the documents it had. */
  comeBack(): void {
    this.offline = false;
  }

  private selected(namespace: string, { ids, filter }: DocumentSelection): string[] {
    if (ids === undefined && filter === undefined) return this.idsOf(namespace);
    const chosen = new Set((ids ?? []).filter((id) => this.texts.has(key(namespace, id))));
    if (filter !== undefined) for (const id of this.idsOf(namespace).filter(idGlobMatcher(filter))) chosen.add(id);
    return [...chosen];
  }

  /** The ids of exactly `namespace`, sorted. */
  private idsOf(namespace: string): string[] {
    const prefix = key(namespace, '');
    return [...this.texts.keys()]
      .filter((documentKey) => documentKey.startsWith(prefix))
      .map((documentKey) => documentKey.slice(prefix.length))
      .sort();
  }

  private read(namespace: string, id: string): DatastoreDocument | undefined {
    const text = this.texts.get(key(namespace, id));
    return text === undefined ? undefined : (JSON.parse(text) as DatastoreDocument);
  }

  private checkReachable(): void {
    if (this.offline) throw new DatastoreUnavailableError('the in-memory datastore is offline');
  }
}

function key(namespace: string, id: string): string {
  return `${namespace}\u0000${id}`;
}
