import { IsIn } from 'class-validator';
import { CSV_PRECISIONS, type CsvPrecision } from '../csv.util';
import { TimeRangeQueryDto } from './time-range-query.dto';

/** Body of `POST /csv`. */
export class CsvQueryDto extends TimeRangeQueryDto {
  /** How the `time` column is written: whole epoch seconds (`s`) or milliseconds (`ms`), epoch nanoseconds (`ns`), or `ISO8601` in UTC. */
  @IsIn(CSV_PRECISIONS)
  precision!: CsvPrecision;
}
