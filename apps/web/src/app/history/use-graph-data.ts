import { useEffect, useState } from 'preact/hooks';
import type { HistorySchemas } from '@eventcast/api-client';
import { bucketWidth } from '@eventcast/domain';
import { dataOf } from '../../services/api';
import { useConnection } from '../services-context';
import { mergeBuckets, seriesOf, type Series } from './series';
import { liveRange, rangeSpanAt, type ViewRange } from './view-state';

/** What the graph shows: one series per field (in the order asked), over `span`, in buckets of `bucketMs`. */
export interface GraphData {
  fields: readonly string[];
  series: Series[];
  span: { from: number; to: number };
  bucketMs: number;
  /** The coarsest source the buckets came from: `raw`, `1m` or `1h`. */
  resolution?: string;
  /** Whether new values arrive over the stream as they are stored. */
  live: boolean;
  loading: boolean;
  error?: string;
}

type FieldSeries = HistorySchemas['FieldSeriesDto'];
type Span = { from: number; to: number };

/**
 * The data of `fields` over `range` (or over `zoom` when the user zoomed in), `points` buckets at
 * most. A range that ends now runs over the history stream and moves on as values arrive (see
 * {@link liveRange}); a range in the past or a zoom is one `ranges` call. `fields`, `range` and `zoom`
 * are loaded again when they change identity: keep them the same objects while they hold the same.
 */
export function useGraphData(
  fields: readonly string[],
  range: ViewRange,
  zoom: { from: number; to: number } | undefined,
  points: number,
): GraphData {
  const { services, stream } = useConnection();
  const [data, setData] = useState<GraphData>(() => emptyData(fields, range));

  useEffect(() => {
    if (fields.length === 0 || points < 2) {
      setData(emptyData(fields, range));
      return;
    }
    let current = true;
    const live = zoom ? undefined : liveRange(range, Date.now());
    // `asked` is the span the service chose the bucket width for: a live query's runs to now.
    const answered = (span: Span, answer: FieldSeries[], live: boolean, asked: Span = span) => {
      if (!current) return;
      setData({
        fields,
        series: fields.map((_, i) => seriesOf(answer[i]?.values ?? [])),
        span,
        bucketMs: bucketWidth(asked.from, asked.to, points),
        resolution: answer[0]?.resolution,
        live,
        loading: false,
      });
    };
    const failed = (message: string) =>
      current && setData((previous) => ({ ...previous, loading: false, error: message }));
    setData((previous) => ({ ...previous, loading: true, error: undefined }));

    const load = (span: Span) =>
      dataOf(
        services.history.POST('/timeseries/ranges', {
          body: { fields: [...fields], start: span.from, end: span.to, points },
        }),
      )
        .then((answer) => answered(span, answer, false))
        .catch((error: Error) => failed(error.message));

    if (!live) {
      void load(zoom ?? (range as { from: number; to: number }));
      return () => {
        current = false;
      };
    }

    let started = false;
    let open = false;
    const stop = stream.subscribe(
      {
        command: 'ranges',
        query: { fields: [...fields], ...live.query, points },
        onData: (answer) => {
          const now = Date.now();
          if (!started) {
            started = true;
            return answered(live.spanAt(now), answer, open, { from: live.spanAt(now).from, to: now });
          }
          if (!current) return;
          setData((previous) => ({
            ...previous,
            span: live.spanAt(now),
            series: previous.series.map((series, i) =>
              mergeBuckets(series, seriesOf(answer[i]?.values ?? []), live.slidOutBefore(now) - previous.bucketMs),
            ),
          }));
        },
      },
      {
        onError: failed,
        onOpenChange: (isOpen) => {
          open = isOpen;
          if (!current) return;
          if (started) setData((previous) => ({ ...previous, live: isOpen }));
          // Without the stream (a proxy that drops WebSockets), the range is still shown, once.
          else if (!isOpen) void load(live.spanAt(Date.now()));
        },
      },
    );
    // The window slides with the clock even between values.
    const slide = setInterval(() => {
      const now = Date.now();
      if (current && started) setData((previous) => ({ ...previous, span: live.spanAt(now) }));
    }, 1000);
    return () => {
      current = false;
      clearInterval(slide);
      stop();
    };
  }, [services, stream, fields, range, zoom, points]);

  return data;
}

function emptyData(fields: readonly string[], range: ViewRange): GraphData {
  const span = rangeSpanAt(range, Date.now());
  return { fields, series: fields.map(() => seriesOf([])), span, bucketMs: 0, live: false, loading: false };
}
