import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';

/** Body of `POST /fields`. */
export class FieldsQueryDto {
  /** Only fields with a value within this duration count (default `"1d"`): `"10m"`, `"1d"`, `"2h10m"` or a number of seconds. */
  @IsOptional()
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'number' }], example: '1d' })
  duration?: string | number;
}
