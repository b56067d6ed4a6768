import { type DatastoreDocument, StoreUnavailableError } from '@eventcast/domain';

/** Which documents of one namespace a call is about: `ids` in order, then `filter` matches by id. */
export interface DocumentSelection {
  ids?: string[];
  filter?: string;
}

/** Raised when the datastore service cannot be reached or answers 5xx; the call answers 503. */
export class DatastoreUnavailableError extends StoreUnavailableError {}

/**
 * Raised when the datastore refuses the controller's token (401 or 403): reachable, but unusable
 * until `DATASTORE_API_TOKEN` is its `API_TOKEN`. A `DatastoreUnavailableError`, so the call answers 503.
 */
export class DatastoreRefusedError extends DatastoreUnavailableError {}

/**
 * The datastore service as the controller uses it: documents addressed by namespace and id. Every
 * call rejects with `DatastoreUnavailableError` (a `StoreUnavailableError`) when the datastore
 * cannot be reached or answers 5xx, with `DatastoreRefusedError` (one of those) when it refuses the
 * controller's token, and with a plain `Error` naming the problems when it refuses the call.
 */
export abstract class Datastore {
  /** The document, or null. */
  abstract get(namespace: string, id: string): Promise<DatastoreDocument | null>;

  /** The selected documents of exactly `namespace` (no selection: all of them, sorted by id). */
  abstract mget(namespace: string, selection?: DocumentSelection): Promise<DatastoreDocument[]>;

  /** Creates or replaces the documents, all or none, and returns them as stored. */
  abstract mset(values: DatastoreDocument[]): Promise<DatastoreDocument[]>;

  /** Deletes the selected documents (no ids and no filter: none) and returns how many existed. */
  abstract mdelete(namespace: string, selection: DocumentSelection): Promise<number>;

  /**
   * Resolves when the datastore answers, can reach its own store (its ping) and takes the
   * controller's token; rejects with the reason otherwise.
   */
  abstract check(): Promise<void>;
}
