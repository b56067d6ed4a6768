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

/** A namespace that holds documents. */
export class NamespaceCountDto {
  /** The namespace; `""` is the empty namespace. */
  namespace!: string;
  /** Documents it holds (not counting its sub-namespaces'). */
  count!: number;
}

/** The namespaces that hold documents. */
export class NamespacesAnswerDto {
  /** Sorted by namespace, in JavaScript string order; nested namespaces are listed each on its own. */
  namespaces!: NamespaceCountDto[];
  /** True when more namespaces matched than the answer holds: narrow the list with `prefix`. */
  truncated!: boolean;
}
