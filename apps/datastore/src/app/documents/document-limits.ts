// The two limits a client checks before sending live in @eventcast/domain, which the web app shares.
export { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_CALL } from '@eventcast/domain';
/** Most ids in one `mget` or `mdelete`. */
export const MAX_IDS_PER_CALL = 1000;
/** Longest glob `filter`. */
export const MAX_FILTER_LENGTH = 256;
/** Most namespaces in one `namespaces` answer. */
export const MAX_NAMESPACES_PER_CALL = 10_000;
