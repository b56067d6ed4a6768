/** A document id: letters (any script), digits, `_`, `-`, `.` and `~`; not empty. */
export const DOCUMENT_ID_PATTERN = /^[\p{L}\p{N}_\-.~]+$/u;

/**
 * The longest namespace, in characters: a namespace is part of the topic of its change events
 * (`eventcast/datastore/<namespace>`), and MQTT takes topics of at most 65,535 bytes.
 */
export const MAX_NAMESPACE_LENGTH = 256;

/** A namespace: the characters of an id plus `:` between nested namespaces; may be empty. */
export const NAMESPACE_PATTERN = new RegExp(`^[\\p{L}\\p{N}_\\-.~:]{0,${MAX_NAMESPACE_LENGTH}}$`, 'u');

/** Says what `DOCUMENT_ID_PATTERN` asks for, after the field's name in a validation message. */
export const DOCUMENT_ID_RULE = 'must be letters, digits, _, -, . or ~, and not empty';

/** Says what `NAMESPACE_PATTERN` asks for, after the field's name in a validation message. */
export const NAMESPACE_RULE = `must be letters, digits, _, -, ., ~ or :, or empty; at most ${MAX_NAMESPACE_LENGTH} of them`;

/** Separates nested namespaces, and the namespace from the id in a full key. */
export const NAMESPACE_SEPARATOR = ':';

/** Whether `id` is a string that matches `DOCUMENT_ID_PATTERN`. */
export function isValidDocumentId(id: unknown): id is string {
  return typeof id === 'string' && DOCUMENT_ID_PATTERN.test(id);
}

/** Whether `namespace` is a string that matches `NAMESPACE_PATTERN`. */
export function isValidNamespace(namespace: unknown): namespace is string {
  return typeof namespace === 'string' && NAMESPACE_PATTERN.test(namespace);
}

/** The full key of a document: `<namespace>:<id>`, or `<id>` when the namespace is empty. */
export function documentKey(namespace: string, id: string): string {
  return namespace === '' ? id : `${namespace}${NAMESPACE_SEPARATOR}${id}`;
}

/** The part of a namespace before its first `:` (`a:b` gives `a`; the empty namespace gives ''). */
export function topLevelNamespace(namespace: string): string {
  const end = namespace.indexOf(NAMESPACE_SEPARATOR);
  return end === -1 ? namespace : namespace.slice(0, end);
}

/** Splits a full key into its namespace and id: the id is the last section. */
export function splitDocumentKey(key: string): { namespace: string; id: string } {
  const end = key.lastIndexOf(NAMESPACE_SEPARATOR);
  return end === -1 ? { namespace: '', id: key } : { namespace: key.slice(0, end), id: key.slice(end + 1) };
}
