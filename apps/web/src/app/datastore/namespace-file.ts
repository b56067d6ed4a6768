import {
  DOCUMENT_ID_RULE,
  isDocumentTooLarge,
  isValidDocumentId,
  isValidNamespace,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_CALL,
  NAMESPACE_RULE,
  type DatastoreDocument,
} from '@eventcast/domain';
import { fileNameTime } from '../../ui/download';

/** A namespace exported as one file: its name, when it was read, and every document it held. */
export interface NamespaceFile {
  namespace: string;
  exported: string;
  documents: DatastoreDocument[];
}

/** What importing a file writes, by id: documents the namespace lacks, ones whose text differs, ones already the same. */
export interface ImportPlan {
  add: string[];
  change: string[];
  same: string[];
}

/** The most problems a refused file lists; the count says how many there were. */
const PROBLEMS_SHOWN = 5;

/** The export of `documents`, the whole of `namespace` read at `at`. */
export function namespaceFile(namespace: string, documents: DatastoreDocument[], at: Date): NamespaceFile {
  return { namespace, exported: at.toISOString(), documents };
}

/**
 * The name an export downloads under: the namespace, `_` for the `:` a file name may not hold, and
 * the time to the second (`svc-ui-store_dashboards-2026-11-26T05-00-00Z.json`); the empty namespace
 * is `empty-namespace`.
 */
export function namespaceFileName(namespace: string, at: Date): string {
  return `${namespace === '' ? 'empty-namespace' : namespace.replace(/:/g, '_')}-${fileNameTime(at)}.json`;
}

/**
 * The export a file holds, or why it cannot be imported: every rule the datastore's all-or-none
 * `mset` checks (the namespace and id patterns, 1 MiB a document, 1,000 documents), and every
 * document in the file's own namespace, each id once.
 */
export function readNamespaceFile(text: string): NamespaceFile | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'The file is not JSON.';
  }
  const file = value as Partial<NamespaceFile> | null;
  if (typeof file !== 'object' || file === null || !Array.isArray(file.documents)) {
    return 'The file is not a namespace export: it lacks the list documents.';
  }
  const { namespace, documents } = file;
  if (!isValidNamespace(namespace)) return `The file's namespace ${NAMESPACE_RULE}.`;
  if (documents.length > MAX_DOCUMENTS_PER_CALL) {
    return `The file holds ${documents.length} documents; one import writes at most ${MAX_DOCUMENTS_PER_CALL}, all or none.`;
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  documents.forEach((document: unknown, i) => {
    const problem = documentProblem(document, namespace, seen);
    if (problem) problems.push(`document ${i + 1}: ${problem}`);
  });
  if (problems.length > 0) {
    const more = problems.length > PROBLEMS_SHOWN ? ` (and ${problems.length - PROBLEMS_SHOWN} more)` : '';
    return `Nothing can be imported from this file: ${problems.slice(0, PROBLEMS_SHOWN).join('; ')}${more}.`;
  }
  return { namespace, exported: String(file.exported ?? ''), documents };
}

/** What writing `documents` does where `current` (the stored documents of those ids) are: compared as the JSON text the datastore compares. */
export function importPlan(documents: readonly DatastoreDocument[], current: readonly DatastoreDocument[]): ImportPlan {
  const held = new Map(current.map((document) => [document.id, JSON.stringify(document)]));
  const plan: ImportPlan = { add: [], change: [], same: [] };
  for (const document of documents) {
    const stored = held.get(document.id);
    if (stored === undefined) plan.add.push(document.id);
    else if (stored === JSON.stringify(document)) plan.same.push(document.id);
    else plan.change.push(document.id);
  }
  return plan;
}

function documentProblem(document: unknown, namespace: string, seen: Set<string>): string | undefined {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return 'not a JSON object';
  const { namespace: own, id } = document as Partial<DatastoreDocument>;
  if (!isValidDocumentId(id)) return `id ${DOCUMENT_ID_RULE}`;
  if (own !== namespace)
    return `${id} is in the namespace ${JSON.stringify(own)}, not the file's ${JSON.stringify(namespace)}`;
  if (seen.has(id)) return `${id} is in the file twice`;
  seen.add(id);
  if (isDocumentTooLarge(document as DatastoreDocument))
    return `${id} is larger than ${MAX_DOCUMENT_BYTES} bytes as JSON`;
  return undefined;
}
