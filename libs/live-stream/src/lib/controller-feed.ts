import type { ControllerEvent } from './frames';
import type { HistoryStream } from './history-stream';

/** What a page hears from the controllers' feed. */
export interface ControllerFeedHandlers {
  onEvent(event: ControllerEvent): void;
  /** The page's stream opened (the latest state of every controller follows) or dropped. */
  onOpenChange(open: boolean): void;
}

/**
 * Follows the controllers on the page's `stream` until the returned function is called; after a
 * drop the stream opens again, and the service sends every latest state anew.
 */
export function followControllers(stream: HistoryStream, handlers: ControllerFeedHandlers): () => void {
  return stream.follow('controllers', (event) => handlers.onEvent(event), { onOpenChange: handlers.onOpenChange });
}
