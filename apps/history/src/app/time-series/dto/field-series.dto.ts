import { ApiProperty } from '@nestjs/swagger';

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
}
