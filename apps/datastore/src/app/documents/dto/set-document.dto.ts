import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import { DocumentDto } from '@eventcast/domain';

/** The body of `set`. */
export class SetDocumentDto {
  /** The document to store, replacing any document with the same namespace and id; at most 1 MiB as JSON. */
  @IsObject({ message: '$property must be a JSON object' })
  @ValidateNested()
  @Type(() => DocumentDto)
  value!: DocumentDto;
}
