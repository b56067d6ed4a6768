import { IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { BLOCK_ID_MAX_LENGTH, BLOCK_ID_PATTERN, BLOCK_ID_RULE } from '../block-id.util';
import type { Block } from '../block.type';

/** The largest nid a block may be given, so that every nid the controller assigns after it stays an exact integer. */
export const MAX_NID = 2 ** 31 - 1;

/** A block of a controller: a declarative configuration unit such as a sensor or a setpoint. */
export class BlockDto implements Block {
  /**
   * The block's name, unique within its controller: a letter, then letters, digits, space, `_`,
   * `-`, `(`, `)` or `|`; at most 200 characters.
   */
  @IsString()
  @MaxLength(BLOCK_ID_MAX_LENGTH)
  @Matches(BLOCK_ID_PATTERN, { message: BLOCK_ID_RULE })
  id!: string;

  /** Numeric id given by the controller: below 100 for system blocks, from 100 for user blocks; at most 2^31 - 1. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_NID)
  nid?: number;

  /** The controller service that owns the block. */
  @IsString()
  @IsNotEmpty()
  serviceId!: string;

  /** The block type, e.g. `SetpointSensorPair`. */
  @IsString()
  @IsNotEmpty()
  type!: string;

  /**
   * The block's configuration. A value with a unit is a Quantity
   * (`{"__objtype": "Quantity", "unit": "degC", "value": 20.5}`), a reference to another block is a
   * Link (`{"__objtype": "Link", "type": "TempSensorInterface", "id": "Fridge sensor"}`).
   */
  @IsObject()
  data!: Record<string, unknown>;

  /** Free metadata, kept by the controller service in its datastore namespace. */
  @IsOptional()
  @IsObject()
  meta?: Record<string, unknown>;
}
