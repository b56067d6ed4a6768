import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, ValidateNested } from 'class-validator';
import { DocumentDto } from '@eventcast/domain';
import { MAX_DOCUMENTS_PER_CALL } from '../document-limits';

/** The body of `mset`. */
export class SetDocumentsDto {
  /** The documents to store, all or none; each at most 1 MiB as JSON. */
  @ApiProperty({ type: [DocumentDto], maxItems: MAX_DOCUMENTS_PER_CALL })
  @IsArray()
  @ArrayMaxSize(MAX_DOCUMENTS_PER_CALL)
  @IsObject({ each: true, message: '$property must hold JSON objects only' })
  @ValidateNested({ each: true })
  @Type(() => DocumentDto)
  values!: DocumentDto[];
}
