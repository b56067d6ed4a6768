import { IsString, Matches } from 'class-validator';
import { DOCUMENT_ID_PATTERN, NAMESPACE_PATTERN } from '../lib/document-key.util';
import type { DatastoreDocument } from '../lib/models';

export const DOCUMENT_ID_RULE = 'must be letters, digits, _, -, . or ~, and not empty';
export const NAMESPACE_RULE = 'must be letters, digits, _, -, ., ~ or :, or empty';

/** A datastore document: `namespace` and `id` say where it lives; every other field is kept as given. */
export class DocumentDto implements DatastoreDocument {
  [field: string]: unknown;

  /** Namespaces nest with `:`, e.g. `svc-global` or `controller-service:controller-1`; may be empty. */
  @IsString()
  @Matches(NAMESPACE_PATTERN, { message: NAMESPACE_RULE })
  namespace!: string;

  /** The document's id within its namespace. */
  @IsString()
  @Matches(DOCUMENT_ID_PATTERN, { message: DOCUMENT_ID_RULE })
  id!: string;
}
