import type { DatastoreDocument, DatastoreEvent } from './datastore.type';
import { isValidDocumentId, isValidNamespace } from './document-key.util';

/**
 * The datastore change event `text` holds (the payload of `eventcast/datastore/<top-level
 * namespace>`), or undefined when it is not one: `{"changed": [documents]}` whose documents each
 * have a valid namespace and id, or `{"deleted": [full keys]}`.
 */
export function readDatastoreEvent(text: string): DatastoreEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return datastoreEventOf(value);
}

/** A parsed value as a change event, as {@link readDatastoreEvent} reads one; undefined for anything else. */
export function datastoreEventOf(value: unknown): DatastoreEvent | undefined {
  if (!isObject(value)) return undefined;
  const { changed, deleted } = value;
  if (Array.isArray(changed) && deleted === undefined && changed.every(isDocument)) return { changed };
  if (Array.isArray(deleted) && changed === undefined && deleted.every((key) => typeof key === 'string')) {
    return { deleted: deleted as string[] };
  }
  return undefined;
}

function isDocument(value: unknown): value is DatastoreDocument {
  return isObject(value) && isValidNamespace(value.namespace) && isValidDocumentId(value.id);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
