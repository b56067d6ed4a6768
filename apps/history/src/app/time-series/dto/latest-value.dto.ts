/** The latest value of one field, as `/metrics` answers. */
export class LatestValueDto {
  /** The field, as asked for. */
  field!: string;

  /** Its latest value. */
  value!: number;

  /** When the history service received it, ISO 8601 in UTC with microseconds. */
  timestamp!: string;
}
