/** A history event: every numeric value of `data` is stored under a name that starts with `key`. */
export interface HistoryEvent {
  key: string;
  data: Record<string, unknown>;
}

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

export type DatastoreEvent = ChangeEvent | DeleteEvent;

/** A block of a controller. */
export interface Block {
  id: string;
  nid?: number;
  serviceId: string;
  type: string;
  data: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

/** What identifies a block, as answered by delete. */
export type BlockIdentity = Pick<Block, 'id' | 'serviceId' | 'type'> & { nid: number };

/** Block names: a letter, then letters, digits, space, `_`, `-`, `(`, `)` and `|`. */
export const BLOCK_ID_PATTERN = /^[\p{L}][\p{L}\p{N} _\-()|]*$/u;
export const BLOCK_ID_MAX_LENGTH = 200;
