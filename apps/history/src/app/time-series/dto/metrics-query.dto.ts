import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { FieldListDto } from './field-list.dto';

/** Body of `POST /metrics` and of the stream's `metrics` command. */
export class MetricsQueryDto extends FieldListDto {
  /** Only values newer than this count (default `"10m"`): `"10m"`, `"1d"`, `"2h10m"` or a number of seconds. */
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'number' }], example: '10m' })
  @IsOptional()
  duration?: string | number;
}
