/** The datastore namespace of the UI's saved documents. */
export const UI_NAMESPACE = 'svc-ui-store';

/** A document id of the UI for a new `kind` of document called `name`: `<kind>-<letters and digits>-<unique suffix>`. */
export function namedDocumentId(kind: string, name: string, now = Date.now()): string {
  const slug = name
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${kind}-${slug ? `${slug}-` : ''}${now.toString(36)}`;
}
