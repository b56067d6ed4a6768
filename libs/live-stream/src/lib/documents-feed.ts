import type { DatastoreEvent } from '@eventcast/domain';
import type { HistoryStream } from './history-stream';

/** What a page hears from the documents' feed. */
export interface DocumentsFeedHandlers {
  onEvent(event: DatastoreEvent): void;
  /** The page's stream opened (every change from now on follows: read the documents anew) or dropped. */
  onOpenChange(open: boolean): void;
}

/**
 * Follows the datastore's changes on the page's `stream` until the returned function is called;
 * after a drop the stream opens again. Changes made while it was closed are not sent again, so a
 * page reads the documents anew at each opening.
 */
export function followDocuments(stream: HistoryStream, handlers: DocumentsFeedHandlers): () => void {
  return stream.follow('documents', (event) => handlers.onEvent(event), { onOpenChange: handlers.onOpenChange });
}
