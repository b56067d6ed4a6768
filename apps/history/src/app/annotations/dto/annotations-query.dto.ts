import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { ANNOTATION_KINDS } from '@eventcast/time-series-store';
import { DURATION, TIME } from '../../time-series/dto/time-range-query.dto';

/**
 * The query of `GET /history/annotations`: a range of time as the other queries take it, and
 * filters, each given once or repeated (`field=a&field=b`). Without `field`, `controller` or
 * `block`, the annotations of every controller are read.
 */
export class AnnotationsQueryDto {
  /** Start (included): ISO 8601 or an epoch number in seconds or milliseconds. */
  @ApiPropertyOptional({ ...TIME, example: '2024-05-01T00:00:00Z' })
  @IsOptional()
  start?: string;

  /** End (included), like `start`. */
  @ApiPropertyOptional({ ...TIME })
  @IsOptional()
  end?: string;

  /** Length of the range (`"7d"`, `"2h10m"` or seconds); with neither start nor end, the last day. */
  @ApiPropertyOptional({ ...DURATION, example: '7d' })
  @IsOptional()
  duration?: string;

  /** Fields of the graph: each shows the annotations of the block that published it, e.g. `fermenter/Beer setpoint/setting[degC]`. */
  @ApiPropertyOptional({ type: [String], example: ['fermenter/Beer setpoint/setting[degC]'] })
  @IsOptional()
  @IsString({ each: true })
  field?: string | string[];

  /** Controllers whose every annotation is read, e.g. `fermenter`. */
  @ApiPropertyOptional({ type: [String], example: ['fermenter'] })
  @IsOptional()
  @IsString({ each: true })
  controller?: string | string[];

  /** Blocks as `<controller>/<block id>`, e.g. `fermenter/Beer setpoint`. */
  @ApiPropertyOptional({ type: [String], example: ['fermenter/Beer setpoint'] })
  @IsOptional()
  @IsString({ each: true })
  block?: string | string[];

  /** Only these kinds. */
  @ApiPropertyOptional({ enum: [...ANNOTATION_KINDS], isArray: true, example: ['patched'] })
  @IsOptional()
  @IsString({ each: true })
  kind?: string | string[];

  /** At most this many, the earliest first (1 to 10,000; default 1,000). */
  @ApiPropertyOptional({ type: 'integer', example: 500 })
  @IsOptional()
  limit?: string;
}
