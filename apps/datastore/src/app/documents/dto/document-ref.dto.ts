import { DOCUMENT_ID_PATTERN, DOCUMENT_ID_RULE, NAMESPACE_PATTERN, NAMESPACE_RULE } from '@eventcast/domain';
import { IsString, Matches } from 'class-validator';

/** One document, by namespace and id (`get`, `delete`). */
export class DocumentRefDto {
  /** The document's namespace: letters, digits, `_`, `-`, `.`, `~` and `:`; may be empty. */
  @IsString()
  @Matches(NAMESPACE_PATTERN, { message: NAMESPACE_RULE })
  namespace!: string;

  /** The document's id: letters, digits, `_`, `-`, `.` or `~`; not empty. */
  @IsString()
  @Matches(DOCUMENT_ID_PATTERN, { message: DOCUMENT_ID_RULE })
  id!: string;
}
