import { ApiProperty } from '@nestjs/swagger';
import type { Resolution } from '@eventcast/time-series-store';

/** The averaged values of one field, as `/ranges` answers. */
export class FieldSeriesDto {
  /** The field, as asked for. */
  field!: string;

  /** `[bucket start in epoch milliseconds, average]` pairs, oldest first; buckets without values are left out. */
  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 },
    example: [[1714564800000, 20.5]],
  })
  values!: Array<[number, number]>;

  /**
   * The coarsest source the buckets were summed from: `1h` or `1m` (the rollups of hours or
   * minutes, used where the bucket width is a whole number of them and the rollup holds the
   * times), or `raw` (the stored points). The newest minutes are always read from the raw points.
   */
  @ApiProperty({ enum: ['raw', '1m', '1h'], example: '1m' })
  resolution!: Resolution;
}
