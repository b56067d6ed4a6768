import type { IncidentEvent } from '@eventcast/automation-model';
import type { HistoryStream } from './history-stream';

/** What a page hears from the incidents' feed. */
export interface IncidentsFeedHandlers {
  onIncident(event: IncidentEvent): void;
  /** The page's stream opened (every incident event from now on follows: read the incidents anew) or dropped. */
  onOpenChange(open: boolean): void;
}

/**
 * Follows the automation service's incident events on the page's `stream` until the returned
 * function is called; after a drop the stream opens again. Events while it was closed are not sent
 * again, so a page reads the incidents anew at each opening.
 */
export function followIncidents(stream: HistoryStream, handlers: IncidentsFeedHandlers): () => void {
  return stream.follow('incidents', (event) => handlers.onIncident(event), { onOpenChange: handlers.onOpenChange });
}
