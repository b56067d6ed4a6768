import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** The most names one `/fields` answer may be asked for. */
export const MAX_FIELDS_LIMIT = 10_000;

/** Body of `POST /fields`. */
export class FieldsQueryDto {
  /** Only fields with a value within this duration count (default `"1d"`): `"10m"`, `"1d"`, `"2h10m"` or a number of seconds. */
  @IsOptional()
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'number' }], example: '1d' })
  duration?: string | number;

  /** Only names that start with it, e.g. `"controller-1/"` for one level of a tree by `/` segments (case-sensitive). */
  @IsOptional()
  @IsString()
  prefix?: string;

  /** Only names that hold it, in any case, e.g. `"temp"`. Reads every name below `prefix`, so give a prefix where you can. */
  @IsOptional()
  @IsString()
  search?: string;

  /** At most this many names, the first in sorted order (1 to 10,000; default: all). Ask one more than you show to learn whether there are more. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_FIELDS_LIMIT)
  limit?: number;
}
