import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { FieldListDto } from './field-list.dto';

/** The API document's schema of a time a query takes: ISO 8601 text or an epoch number. */
export const TIME = { oneOf: [{ type: 'string', format: 'date-time' }, { type: 'number' }] };
/** The API document's schema of a duration: `"1d"` or a number of seconds. */
export const DURATION = { oneOf: [{ type: 'string' }, { type: 'number' }] };

/**
 * Fields over a range of time, given by at most two of `start`, `end` and `duration`: start and end
 * fix both ends; a duration runs forward from start or back from end; start alone runs to now;
 * duration alone is the last `duration`; end alone is the day before it; nothing is the last day.
 * Their forms are checked when the range is worked out, so each carries `@IsOptional()` only to be
 * one of the body's fields (any other key is refused).
 */
export class TimeRangeQueryDto extends FieldListDto {
  /** Start (included): ISO 8601 (no offset means UTC) or an epoch number, in seconds, or in milliseconds above 1e10. */
  @ApiPropertyOptional({ ...TIME, example: '2024-05-01T00:00:00Z' })
  @IsOptional()
  start?: string | number;

  /** End (included), like `start`. A range that runs to now (no end, and no duration after a start) stays live in a stream. */
  @ApiPropertyOptional({ ...TIME, example: 1714608000 })
  @IsOptional()
  end?: string | number;

  /** Length of the range: `"10m"`, `"1d"`, `"2h10m"` (units ms, s, m, h, d, w) or a number of seconds. */
  @ApiPropertyOptional({ ...DURATION, example: '1d' })
  @IsOptional()
  duration?: string | number;
}
