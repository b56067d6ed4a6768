import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ANNOTATION_KINDS, type AnnotationKind } from '@eventcast/time-series-store';

/** Where a change came from. */
export class ChangeOriginDto {
  @ApiProperty({ enum: ['rest', 'mqtt', 'controller'] })
  via!: 'rest' | 'mqtt' | 'controller';

  /** Who made it, when the caller said so, e.g. `quick action Cold crash`. */
  by?: string;
}

/** A setting's value: a number, a text, a yes or no, or an object (a quantity with its unit, a link). */
const SETTING_VALUE = {
  nullable: true,
  oneOf: [{ type: 'number' }, { type: 'string' }, { type: 'boolean' }, { type: 'object', additionalProperties: true }],
};

/** One setting of a block, from what to what, as a user reads it (temperatures in the user's unit); `null` where there was none. */
export class FieldChangeDto {
  field!: string;

  @ApiProperty({ ...SETTING_VALUE, description: 'the value before' })
  from!: unknown;

  @ApiProperty({ ...SETTING_VALUE, description: 'the value after' })
  to!: unknown;
}

/** What one change did to one block. */
export class BlockChangeDto {
  id!: string;

  type!: string;

  @ApiProperty({ enum: ['created', 'changed', 'deleted'] })
  change!: 'created' | 'changed' | 'deleted';

  @ApiProperty({ type: [FieldChangeDto] })
  fields!: FieldChangeDto[];
}

/** Something that explains the values around it: a change on a controller, or a note. */
export class AnnotationDto {
  /** Unique, given by the history service. */
  id!: string;

  /** When: for a change, when the history service received its event; ISO 8601 in UTC with microseconds. */
  time!: string;

  /** Where a span ends (a note over several days), like `time`. */
  end?: string;

  @ApiProperty({ enum: [...ANNOTATION_KINDS] })
  kind!: AnnotationKind;

  /** The controller it belongs to; none for a note about everything. */
  controller?: string;

  /** The blocks it touched; none for a change of the whole controller (a start, a stop) and for notes. */
  blocks!: string[];

  /** For a change: what it did to each block. */
  @ApiPropertyOptional({ type: [BlockChangeDto] })
  changes?: BlockChangeDto[];

  @ApiPropertyOptional({ type: ChangeOriginDto })
  origin?: ChangeOriginDto;

  /** For a note: its text. */
  text?: string;
}
