import type { DatastoreDocument } from '@eventcast/domain';

/** Which documents of one namespace a call is about: `ids` in order, then `filter` matches by id. */
export interface DocumentSelection {
  namespace: string;
  ids?: string[];
  filter?: string;
}

/** A namespace that holds documents, and how many. */
export interface NamespaceCount {
  namespace: string;
  count: number;
}

/**
 * Where documents live. Every adapter passes the one contract suite in
 * `apps/datastore/test/document-store.contract.ts`. A call the store cannot answer rejects with
 * `StoreUnavailableError` (from `@eventcast/domain`), which the service answers with 503.
 */
export abstract class DocumentStore {
  /** The document, or null. */
  abstract get(namespace: string, id: string): Promise<DatastoreDocument | null>;

  /**
   * Documents of exactly `selection.namespace`: those of `ids` that exist, in the order given, then
   * the matches of `filter` sorted by id, each once. Neither given: every document, sorted by id.
   */
  abstract find(selection: DocumentSelection): Promise<DatastoreDocument[]>;

  /**
   * Stores all documents or none, and returns those whose stored text changed (an identical
   * rewrite is no change). A later document with the same key replaces an earlier one. Resolves
   * once the write is stored; concurrent calls apply in the order they were made.
   */
  abstract setAll(documents: DatastoreDocument[]): Promise<DatastoreDocument[]>;

  /** Deletes the selected documents (neither ids nor filter: none) and returns the ids that existed. */
  abstract deleteAll(selection: DocumentSelection): Promise<string[]>;

  /**
   * Every namespace whose name starts with `prefix` (as a string: `a` lists `a`, `a:b` and `ab`)
   * and holds at least one document, with its count, sorted by namespace. A namespace written or
   * emptied while the call runs may or may not be listed.
   */
  abstract namespaces(prefix: string): Promise<NamespaceCount[]>;

  /** Rejects with the reason when the store cannot be reached. */
  abstract ping(): Promise<void>;

  abstract close(): Promise<void>;
}
