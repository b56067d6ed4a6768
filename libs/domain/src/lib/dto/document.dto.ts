import { IsString, Matches } from 'class-validator';
import type { DatastoreDocument } from '../datastore.type';
import { DOCUMENT_ID_PATTERN, DOCUMENT_ID_RULE, NAMESPACE_PATTERN, NAMESPACE_RULE } from '../document-key.util';

/** A datastore document: `namespace` and `id` say where it lives; every other field is kept as given. */
export class DocumentDto implements DatastoreDocument {
  [field: string]: unknown;

  /**
   * Letters, digits, `_`, `-`, `.`, `~`, and `:` between nested namespaces, e.g. `svc-global` or
   * `controller-service:controller-1`; may be empty.
   */
  @IsString()
  @Matches(NAMESPACE_PATTERN, { message: NAMESPACE_RULE })
  namespace!: string;

  /** The document's id within its namespace: letters, digits, `_`, `-`, `.` or `~`; not empty. */
  @IsString()
  @Matches(DOCUMENT_ID_PATTERN, { message: DOCUMENT_ID_RULE })
  id!: string;
}
