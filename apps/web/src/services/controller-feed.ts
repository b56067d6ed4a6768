import type { PatchEvent, RemovedEvent, StateEvent } from '@eventcast/domain';
import { LiveSocket, streamUrl } from './live-socket';

/**
 * What the controller stream sends: the controllers' state and patch events, as published, and the
 * removed event of a controller whose retained state was cleared from the broker.
 */
export type ControllerEvent = StateEvent | PatchEvent | RemovedEvent;

/** Where the history service relays the controllers' events. */
export const CONTROLLER_STREAM_PATH = '/history/controllers/stream';

/** What a page hears from the controller stream. */
export interface ControllerFeedHandlers {
  onEvent(event: ControllerEvent): void;
  /** The socket opened (the latest state of every controller follows) or dropped. */
  onOpenChange(open: boolean): void;
}

/**
 * Follows the controllers over `/history/controllers/stream` with `token` until the returned
 * function is called; after a drop it opens again, and the service sends every latest state anew.
 */
export function followControllers(token: string | undefined, handlers: ControllerFeedHandlers): () => void {
  const socket = new LiveSocket(streamUrl(CONTROLLER_STREAM_PATH), token, {
    onOpen: () => handlers.onOpenChange(true),
    onMessage: (text) => {
      try {
        handlers.onEvent(JSON.parse(text) as ControllerEvent);
      } catch {
        // not JSON: nothing a page can show
      }
    },
    onClose: () => handlers.onOpenChange(false),
    wanted: () => true,
  });
  socket.open();
  return () => socket.close();
}
