import { DocumentDto } from '@eventcast/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, ValidateNested } from 'class-validator';
import { MAX_DOCUMENTS_PER_CALL } from '../document-limits';

/** The body of `mset`. */
export class SetDocumentsDto {
  /** The documents to store, at most 1000, all or none. */
  @IsArray()
  @ArrayMaxSize(MAX_DOCUMENTS_PER_CALL)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => DocumentDto)
  values!: DocumentDto[];
}
