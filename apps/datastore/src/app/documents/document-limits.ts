/** Largest document accepted, as JSON text (1 MiB). */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;
/** Most documents in one `mset`. */
export const MAX_DOCUMENTS_PER_CALL = 1000;
/** Most ids in one `mget` or `mdelete`. */
export const MAX_IDS_PER_CALL = 1000;
/** Longest glob `filter`. */
export const MAX_FILTER_LENGTH = 256;
/** Most namespaces in one `namespaces` answer. */
export const MAX_NAMESPACES_PER_CALL = 10_000;
