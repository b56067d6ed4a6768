import { type DatastoreDocument, StoreUnavailableError } from '@eventcast/domain';

/** Raised when the datastore cannot be reached, answers 5xx or refuses the service's token; the call answers 503. */
export class DatastoreUnavailableError extends StoreUnavailableError {}

/**
 * The datastore service as the automation service uses it for its own documents. Every call
 * rejects with `DatastoreUnavailableError` when the datastore cannot be reached, answers 5xx or
 * refuses the token, and with a plain `Error` naming the problems when it refuses the call.
 */
export abstract class AutomationDatastore {
  /** Every document of exactly `namespace`, sorted by id. */
  abstract mget(namespace: string): Promise<DatastoreDocument[]>;

  /** Creates or replaces the documents, all or none, and returns them as stored. */
  abstract mset(values: DatastoreDocument[]): Promise<DatastoreDocument[]>;

  /** Deletes the documents `ids` of `namespace` and returns how many existed. */
  abstract mdelete(namespace: string, ids: string[]): Promise<number>;
}
