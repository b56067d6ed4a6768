import { Injectable, PipeTransform } from '@nestjs/common';
import { ValidatedBodyPipe } from '@eventcast/bootstrap';
import {
  DatastoreDocument,
  documentKey,
  isDocumentTooLarge,
  MAX_DOCUMENT_BYTES,
  TooLargeError,
} from '@eventcast/domain';

/** Where a body carries its documents: `set` has one in `value`, `mset` a list in `values`. */
export type DocumentsField = 'value' | 'values';

/**
 * Checks a datastore request body and hands it on exactly as sent: a `BadRequestError` (400)
 * naming every problem when it breaks a rule of `dto`, then a `TooLargeError` (413) naming every
 * document larger than `MAX_DOCUMENT_BYTES`. A body nested too deep never gets here: the one JSON
 * parser of every service refuses it (`parseJsonBodies` in `@eventcast/bootstrap`).
 *
 * Documents are validated by their `namespace` and `id` alone: their other fields are data, and
 * class-transformer would copy every one of them before class-validator looks at two.
 */
@Injectable()
export class DatastoreBodyPipe<T extends object> implements PipeTransform<unknown, T> {
  private readonly validated: ValidatedBodyPipe<T>;

  constructor(
    dto: new () => T,
    private readonly documentsField?: DocumentsField,
  ) {
    this.validated = new ValidatedBodyPipe(dto);
  }

  transform(body: unknown): T {
    if (this.documentsField === undefined) return this.validated.transform(body);
    this.validated.transform(withKeysOnly(body, this.documentsField));
    refuseOversized(documentsIn(body as Record<DocumentsField, unknown>, this.documentsField));
    return body as T;
  }
}

/** The body with each of its documents cut down to `namespace` and `id`; anything else as it is. */
function withKeysOnly(body: unknown, field: DocumentsField): unknown {
  if (!isPlainObject(body)) return body;
  const documents = body[field];
  return {
    ...body,
    [field]: field === 'values' && Array.isArray(documents) ? documents.map(keysOf) : keysOf(documents),
  };
}

function keysOf(document: unknown): unknown {
  return isPlainObject(document) ? { namespace: document['namespace'], id: document['id'] } : document;
}

function documentsIn(body: Record<DocumentsField, unknown>, field: DocumentsField): DatastoreDocument[] {
  return (field === 'values' ? body.values : [body.value]) as DatastoreDocument[];
}

function refuseOversized(documents: DatastoreDocument[]): void {
  const oversized = documents.filter(isDocumentTooLarge);
  if (oversized.length > 0) {
    const keys = oversized.map((document) => documentKey(document.namespace, document.id)).join(', ');
    throw new TooLargeError(`documents larger than ${MAX_DOCUMENT_BYTES} bytes as JSON: ${keys}; nothing was written`);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
