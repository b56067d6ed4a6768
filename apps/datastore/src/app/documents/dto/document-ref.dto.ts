import { PickType } from '@nestjs/swagger';
import { DocumentDto } from '@eventcast/domain';

/** One document, by namespace and id (`get`, `delete`): the key of a `DocumentDto`, with its rules. */
export class DocumentRefDto extends PickType(DocumentDto, ['namespace', 'id'] as const) {}
