import type { DatastoreDocument } from './datastore.type';

/** Largest document the datastore takes, as JSON text in UTF-8 (1 MiB). */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;

/** Most documents in one `mset`, the datastore's one all-or-none write. */
export const MAX_DOCUMENTS_PER_CALL = 1000;

/**
 * The size of `document` as the datastore measures it: its JSON text in UTF-8 bytes. Counted
 * without encoding, so that the service measures 1 MiB documents without copying them and a
 * browser measures them the same way.
 */
export function documentBytes(document: DatastoreDocument): number {
  const text = JSON.stringify(document);
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) bytes += 1;
    else if (unit >= 0xd800 && unit < 0xdc00 && isLowSurrogate(text.charCodeAt(i + 1))) {
      // A surrogate pair: 4 bytes for 2 code units.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** Whether `document` is larger than the datastore takes. */
export function isDocumentTooLarge(document: DatastoreDocument): boolean {
  return documentBytes(document) > MAX_DOCUMENT_BYTES;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit < 0xe000;
}
