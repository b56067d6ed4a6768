import type { AnnotationFrame } from './frames';
import type { HistoryStream } from './history-stream';

/** What a page hears from the annotations' feed. */
export interface AnnotationsFeedHandlers {
  onAnnotation(annotation: AnnotationFrame): void;
  /** The page's stream opened (every annotation from now on follows: read them anew) or dropped. */
  onOpenChange(open: boolean): void;
}

/**
 * Follows the annotations the history service stores on the page's `stream` until the returned
 * function is called; after a drop the stream opens again. Annotations stored while it was closed
 * are not sent again, so a page reads them anew at each opening.
 */
export function followAnnotations(stream: HistoryStream, handlers: AnnotationsFeedHandlers): () => void {
  return stream.follow('annotations', (annotation) => handlers.onAnnotation(annotation), {
    onOpenChange: handlers.onOpenChange,
  });
}

/** The controller and block a field belongs to: `<controller>/<block>/<the rest>`; no block for a shorter name. */
export function fieldOwner(field: string): { controller: string; block?: string } {
  const [controller, block, ...rest] = field.split('/');
  return rest.length > 0 ? { controller, block } : { controller };
}

/**
 * Whether a graph of `fields` shows `annotation`: a note about everything, or one of a field's
 * controller that names the field's block or no block at all (docs/history.md, "Annotations").
 */
export function annotatesFields(annotation: AnnotationFrame, fields: readonly string[]): boolean {
  if (annotation.controller === undefined) return true;
  return fields.some((field) => {
    const owner = fieldOwner(field);
    if (owner.controller !== annotation.controller) return false;
    return owner.block === undefined || annotation.blocks.length === 0 || annotation.blocks.includes(owner.block);
  });
}
