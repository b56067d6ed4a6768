import { Equals, IsString, ValidateIf } from 'class-validator';
import { Link, LINK_OBJTYPE } from '../block-values.util';

/** A reference from one block to another inside block data. */
export class LinkDto implements Link {
  /** Always `Link`. */
  @Equals(LINK_OBJTYPE)
  __objtype!: typeof LINK_OBJTYPE;

  /** The interface the target implements, e.g. `TempSensorInterface`. */
  @IsString()
  type!: string;

  /** The target block's id; null when the link is not set. */
  @ValidateIf((link: LinkDto) => link.id !== null)
  @IsString()
  id!: string | null;
}
