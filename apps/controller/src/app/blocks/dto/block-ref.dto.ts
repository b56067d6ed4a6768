import { IsNotEmpty, IsString } from 'class-validator';

/** Names a block: the body of read and delete, where every other field is ignored. */
export class BlockRefDto {
  /** The block's id. */
  @IsString()
  @IsNotEmpty()
  id!: string;
}
