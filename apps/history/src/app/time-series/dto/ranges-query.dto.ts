import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { TimeRangeQueryDto } from './time-range-query.dto';

export const DEFAULT_POINTS = 1000;
export const MAX_POINTS = 100_000;

/** Body of `POST /ranges` and of the stream's `ranges` command. */
export class RangesQueryDto extends TimeRangeQueryDto {
  /** At most this many averaged points per field (default 1000). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_POINTS)
  points?: number;
}
