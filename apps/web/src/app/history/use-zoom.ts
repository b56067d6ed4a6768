import { useCallback, useState } from 'preact/hooks';
import type { ViewRange } from './view-state';

type Span = { from: number; to: number };

/**
 * The span the user zoomed or panned to, and the function that sets it (undefined: back to the
 * range). A zoom belongs to the fields and the range it was taken on: other fields or another range
 * leave it, so `fields` must keep its identity while its names do (see `useSameList`).
 */
export function useZoom(fields: readonly string[], range: ViewRange): [Span | undefined, (span?: Span) => void] {
  const [zoomed, setZoomed] = useState<{ span: Span; fields: readonly string[]; range: ViewRange }>();
  const zoom = zoomed?.fields === fields && zoomed.range === range ? zoomed.span : undefined;
  const zoomTo = useCallback((span?: Span) => setZoomed(span && { span, fields, range }), [fields, range]);
  return [zoom, zoomTo];
}
