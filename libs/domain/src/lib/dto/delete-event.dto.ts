import { IsArray, IsString } from 'class-validator';
import type { DeleteEvent } from '../datastore.type';

/** Published on `eventcast/datastore/<top-level namespace>` when documents were deleted. */
export class DeleteEventDto implements DeleteEvent {
  /** Full keys (`<namespace>:<id>`) of the deleted documents. */
  @IsArray()
  @IsString({ each: true })
  deleted!: string[];
}
