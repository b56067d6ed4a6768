import type { BlockIdentity } from '@eventcast/domain';

/** What identifies a block: the answer of delete and all/delete. */
export class BlockIdentityDto implements BlockIdentity {
  /** The block's id. */
  id!: string;

  /** The block's numeric id on the controller. */
  nid!: number;

  /** The controller service that owned the block. */
  serviceId!: string;

  /** The block's type. */
  type!: string;
}
