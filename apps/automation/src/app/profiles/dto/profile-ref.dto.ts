import { PickType } from '@nestjs/swagger';
import { DocumentDto } from '@eventcast/domain';

/** One profile, by the id of its document in `svc-automation:profiles` (`stop`, `plan`). */
export class ProfileRefDto extends PickType(DocumentDto, ['id'] as const) {}
