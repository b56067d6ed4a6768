import {
  DOCUMENT_ID_RULE,
  documentBytes,
  isValidDocumentId,
  isValidNamespace,
  MAX_DOCUMENT_BYTES,
  NAMESPACE_RULE,
  type DatastoreDocument,
} from '@eventcast/domain';
import { problemsByPath } from '../../services/service-problems';

/** A document as the editor holds it: its namespace, its id, and its other fields as JSON text. */
export interface DocumentDraft {
  namespace: string;
  id: string;
  fields: string;
}

/** The inputs of the editor, each of which may show a problem beside it. */
export type DraftInput = keyof DocumentDraft;

/** The problems of a draft, by the input they are about. */
export type DraftProblems = Partial<Record<DraftInput, string[]>>;

/** The draft of a stored document: its fields other than `namespace` and `id`, as indented JSON. */
export function draftOf(document: DatastoreDocument): DocumentDraft {
  const { namespace, id, ...fields } = document;
  return { namespace, id, fields: JSON.stringify(fields, null, 2) };
}

/**
 * The document a draft stands for, or the problems that keep it from being sent: checked as the
 * datastore checks it (the namespace and id patterns and the 1 MiB limit, from `@eventcast/domain`),
 * so that a draft the service would refuse is not sent.
 */
export function documentOfDraft(draft: DocumentDraft): { document: DatastoreDocument } | { problems: DraftProblems } {
  const problems: DraftProblems = {};
  if (!isValidNamespace(draft.namespace)) problems.namespace = [`Namespace ${NAMESPACE_RULE}.`];
  if (!isValidDocumentId(draft.id)) problems.id = [`Id ${DOCUMENT_ID_RULE}.`];
  const fields = parsedFields(draft.fields);
  if (typeof fields === 'string') problems.fields = [fields];
  if (Object.keys(problems).length > 0 || typeof fields === 'string') return { problems };
  const document: DatastoreDocument = { namespace: draft.namespace, id: draft.id, ...fields };
  const bytes = documentBytes(document);
  if (bytes > MAX_DOCUMENT_BYTES) {
    return {
      problems: {
        fields: [
          `The document is ${bytes.toLocaleString('en')} bytes as JSON; the datastore takes at most ${MAX_DOCUMENT_BYTES.toLocaleString('en')} (1 MiB).`,
        ],
      },
    };
  }
  return { document };
}

/** The problems the datastore answered a `set` with, beside the input each is about (the rest beside the fields). */
export function serviceProblems(problems: readonly string[]): DraftProblems {
  const byPath = problemsByPath(problems, ['value.namespace', 'value.id']);
  const grouped: DraftProblems = {};
  if (byPath['value.namespace']) grouped.namespace = byPath['value.namespace'];
  if (byPath['value.id']) grouped.id = byPath['value.id'];
  if (byPath['']) grouped.fields = byPath[''];
  return grouped;
}

function parsedFields(text: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch (error) {
    return `Not JSON: ${error instanceof Error ? error.message : String(error)}.`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'The fields must be one JSON object, such as {"cols": 3}.';
  }
  const own = ['namespace', 'id'].filter((key) => Object.hasOwn(value, key));
  if (own.length > 0) return `The fields may not hold ${own.join(' or ')}: set them in their own inputs.`;
  return value as Record<string, unknown>;
}
