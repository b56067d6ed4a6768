import { DocumentDto } from '@eventcast/domain';

/** One document, or null when there is none. */
export class DocumentAnswerDto {
  /** The document as stored. */
  value!: DocumentDto | null;
}

/** Several documents. */
export class DocumentsAnswerDto {
  /** The documents as stored. */
  values!: DocumentDto[];
}

/** How many documents were deleted. */
export class CountAnswerDto {
  /** Documents that existed and were deleted. */
  count!: number;
}
