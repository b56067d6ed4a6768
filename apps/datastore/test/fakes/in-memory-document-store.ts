import { DatastoreDocument, StoreUnavailableError } from '@eventcast/domain';
import { DocumentSelection, DocumentStore, NamespaceCount } from '../../src/app/ports/document-store.port';
import { lastWriteWins, selectIds, sortedNamespaces, sortIds } from '../../src/infra/stored-document.util';

/** The documents that several `InMemoryDocumentStore` handles share: JSON text by namespace, then id. */
export type InMemoryDocuments = Map<string, Map<string, string>>;

/**
 * A `DocumentStore` in memory, for unit specs; it passes the adapters' contract suite. Handles
 * made on the same `InMemoryDocuments` see the same data, as connections to one server do. While
 * `goOffline` holds, every call rejects with `StoreUnavailableError` and changes nothing.
 */
export class InMemoryDocumentStore extends DocumentStore {
  private offline = false;

  constructor(private readonly documents: InMemoryDocuments = new Map()) {
    super();
  }

  async get(namespace: string, id: string): Promise<DatastoreDocument | null> {
    this.checkReachable();
    const text = this.namespace(namespace).get(id);
    return text === undefined ? null : parse(text);
  }

  async find(selection: DocumentSelection): Promise<DatastoreDocument[]> {
    this.checkReachable();
    const texts = this.namespace(selection.namespace);
    return this.selected(selection).map((id) => parse(texts.get(id) as string));
  }

  async setAll(documents: DatastoreDocument[]): Promise<DatastoreDocument[]> {
    this.checkReachable();
    // Every text is made before any is stored, so a document that cannot be written stores none.
    const writes = lastWriteWins(documents).map((document) => ({ document, text: JSON.stringify(document) }));
    const changed = writes.filter(({ document, text }) => this.namespace(document.namespace).get(document.id) !== text);
    for (const { document, text } of changed) this.namespace(document.namespace, true).set(document.id, text);
    return changed.map(({ document }) => document);
  }

  async deleteAll(selection: DocumentSelection): Promise<string[]> {
    this.checkReachable();
    if (selection.ids === undefined && selection.filter === undefined) return [];
    const ids = this.selected(selection);
    for (const id of ids) this.namespace(selection.namespace).delete(id);
    return ids;
  }

  async namespaces(prefix: string): Promise<NamespaceCount[]> {
    this.checkReachable();
    return sortedNamespaces(
      [...this.documents]
        .filter(([namespace]) => namespace.startsWith(prefix))
        .map(([namespace, texts]) => ({ namespace, count: texts.size })),
    );
  }

  async ping(): Promise<void> {
    this.checkReachable();
  }

  async close(): Promise<void> {
    return undefined;
  }

  /** The store stops answering. */
  goOffline(): void {
    this.offline = true;
  }

  /** The store answers again, with the documents it had. */
  comeBack(): void {
    this.offline = false;
  }

  private selected(selection: DocumentSelection): string[] {
    const texts = this.namespace(selection.namespace);
    return selectIds(
      selection,
      (id) => texts.has(id),
      () => sortIds([...texts.keys()]),
    );
  }

  private namespace(name: string, create = false): Map<string, string> {
    const texts = this.documents.get(name) ?? new Map<string, string>();
    if (create) this.documents.set(name, texts);
    return texts;
  }

  private checkReachable(): void {
    if (this.offline) throw new StoreUnavailableError('the in-memory document store is offline');
  }
}

function parse(text: string): DatastoreDocument {
  return JSON.parse(text) as DatastoreDocument;
}
