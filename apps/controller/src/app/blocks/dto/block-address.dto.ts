import { IsNotEmpty, IsString } from 'class-validator';
import { BlockRefDto } from './block-ref.dto';

/** Names a block of one controller service: the payload of `eventcast/controller/blocks/delete`. */
export class BlockAddressDto extends BlockRefDto {
  /** The controller service that owns the block; other services ignore the message. */
  @IsString()
  @IsNotEmpty()
  serviceId!: string;
}
