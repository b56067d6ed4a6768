/** A datastore document: a JSON object with `namespace` and `id`; other fields are kept as given. */
export interface DatastoreDocument {
  namespace: string;
  id: string;
  [field: string]: unknown;
}

/** Documents created or changed by one call, within one top-level namespace. */
export interface ChangeEvent {
  changed: DatastoreDocument[];
}

/** Full keys of the documents deleted by one call, within one top-level namespace. */
export interface DeleteEvent {
  deleted: string[];
}

/** The payload of `eventcast/datastore/<top-level namespace>`: changes or deletions, never both. */
export type DatastoreEvent = ChangeEvent | DeleteEvent;
