import { useEffect, useState } from 'preact/hooks';
import { liveRange, rangeSpanAt, type ViewRange } from './view-state';

type Span = { from: number; to: number };

/**
 * The span the page shows, from the view alone: the zoom, else the range's span now, which moves
 * on once a second while the range ends now.
 */
export function useShownSpan(range: ViewRange, zoom: Span | undefined): Span {
  const [, setTick] = useState(0);
  const now = Date.now();
  const live = zoom === undefined ? liveRange(range, now) : undefined;
  const moving = live !== undefined;
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [moving]);
  return zoom ?? live?.spanAt(now) ?? rangeSpanAt(range, now);
}
