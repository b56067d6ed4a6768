import { readDatastoreEvent, type DatastoreEvent } from '@eventcast/domain';
import { LiveSocket, streamUrl } from './live-socket';

/** Where the history service relays the datastore's change events. */
export const DOCUMENTS_STREAM_PATH = '/history/documents/stream';

/** What a page hears from the documents stream. */
export interface DocumentsFeedHandlers {
  onEvent(event: DatastoreEvent): void;
  /** The socket opened (every change from now on follows: read the documents anew) or dropped. */
  onOpenChange(open: boolean): void;
}

/**
 * Follows the datastore's changes over `/history/documents/stream` with `token` until the returned
 * function is called; after a drop it opens again. Changes made while it was closed are not sent
 * again, so a page reads the documents anew at each opening.
 */
export function followDocuments(token: string | undefined, handlers: DocumentsFeedHandlers): () => void {
  const socket = new LiveSocket(streamUrl(DOCUMENTS_STREAM_PATH), token, {
    onOpen: () => handlers.onOpenChange(true),
    onMessage: (text) => {
      const event = readDatastoreEvent(text);
      if (event) handlers.onEvent(event);
    },
    onClose: () => handlers.onOpenChange(false),
    wanted: () => true,
  });
  socket.open();
  return () => socket.close();
}
