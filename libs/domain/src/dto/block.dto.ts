import { IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { Block, BLOCK_ID_MAX_LENGTH, BLOCK_ID_PATTERN } from '../lib/models';

export const BLOCK_ID_RULE = 'must start with a letter, then letters, digits, space, _, -, (, ) or |';

/** A block of a controller: a declarative configuration unit such as a sensor or a setpoint. */
export class BlockDto implements Block {
  /** The block's name, unique within its controller. */
  @IsString()
  @MaxLength(BLOCK_ID_MAX_LENGTH)
  @Matches(BLOCK_ID_PATTERN, { message: BLOCK_ID_RULE })
  id!: string;

  /** Numeric id given by the controller: below 100 for system blocks, from 100 for user blocks. */
  @IsOptional()
  @IsInt()
  @Min(0)
  nid?: number;

  /** The controller service that owns the block. */
  @IsString()
  @IsNotEmpty()
  serviceId!: string;

  /** The block type, e.g. `SetpointSensorPair`. */
  @IsString()
  @IsNotEmpty()
  type!: string;

  /** The block's configuration; quantities and links inside are `QuantityDto` and `LinkDto` objects. */
  @IsObject()
  data!: Record<string, unknown>;

  /** Free metadata, kept by the controller service in its datastore namespace. */
  @IsOptional()
  @IsObject()
  meta?: Record<string, unknown>;
}
