import { Type } from 'class-transformer';
import { IsArray, ValidateNested } from 'class-validator';
import type { ChangeEvent } from '../datastore.type';
import { DocumentDto } from './document.dto';

/** Published on `eventcast/datastore/<top-level namespace>` when documents were created or changed. */
export class ChangeEventDto implements ChangeEvent {
  /** The new documents, in full. */
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DocumentDto)
  changed!: DocumentDto[];
}
