import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length, Matches, ValidateIf } from 'class-validator';
import { BLOCK_ID_PATTERN, BLOCK_ID_RULE, given, SERVICE_ID_PATTERN, SERVICE_ID_RULE } from '@eventcast/domain';
import { TIME } from '../../time-series/dto/time-range-query.dto';

/** The longest note. */
export const NOTE_MAX_LENGTH = 2_000;

/**
 * Body of `POST /history/annotations`: a note at a time or over a span, about everything or one
 * controller or block. An optional field is left out, never `null` (refused as a wrong type).
 */
export class NewNoteDto {
  /** The note (1 to 2,000 characters). */
  @IsString()
  @Length(1, NOTE_MAX_LENGTH)
  text!: string;

  /** When (default: now): ISO 8601 or an epoch number in seconds or milliseconds. */
  @ApiPropertyOptional({ ...TIME, example: '2024-05-01T12:00:00Z' })
  @ValidateIf(given)
  time?: string | number;

  /** Where a span ends, like `time`; not before it. */
  @ApiPropertyOptional({ ...TIME })
  @ValidateIf(given)
  end?: string | number;

  /** The controller it is about, so it shows on that controller's graphs only. */
  @ApiProperty({ required: false, example: 'fermenter' })
  @ValidateIf(given)
  @Matches(SERVICE_ID_PATTERN, { message: `controller must be a controller's id: ${SERVICE_ID_RULE}` })
  controller?: string;

  /** The block it is about (with `controller`). */
  @ValidateIf(given)
  @Matches(BLOCK_ID_PATTERN, { message: BLOCK_ID_RULE })
  block?: string;
}
