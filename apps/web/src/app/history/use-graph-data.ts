import type { HistorySchemas } from '@eventcast/api-client';
import { useEffect, useState } from 'preact/hooks';
import { dataOf } from '../../services/api';
import { useConnection } from '../services-context';
import { bucketWidth } from './bucket';
import { mergeBuckets, seriesOf, type Series } from './series';
import { presetOf, type ViewRange } from './view-state';

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

/**
 * The data of `fields` over `range` (or over `zoom` when the user zoomed in), `points` buckets at
 * most. A range that ends now runs over the history stream and slides as values arrive; a fixed
 * range or a zoom is one `ranges` call.
 */
export function useGraphData(
  fields: readonly string[],
  range: ViewRange,
  zoom: { from: number; to: number } | undefined,
  points: number,
): GraphData {
  const { services, stream } = useConnection();
  const [data, setData] = useState<GraphData>(() => emptyData(fields, range));
  const fieldsKey = JSON.stringify(fields);
  const rangeKey = JSON.stringify(range);
  const zoomKey = JSON.stringify(zoom ?? null);

  useEffect(() => {
    if (fields.length === 0 || points < 2) {
      setData(emptyData(fields, range));
      return;
    }
    let current = true;
    const fixed = zoom ?? ('from' in range ? range : undefined);
    const answered = (span: { from: number; to: number }, answer: FieldSeries[], live: boolean) => {
      if (!current) return;
      setData({
        fields,
        series: fields.map((_, i) => seriesOf(answer[i]?.values ?? [])),
        span,
        bucketMs: bucketWidth(span.from, span.to, points),
        resolution: answer[0]?.resolution,
        live,
        loading: false,
      });
    };
    const failed = (message: string) =>
      current && setData((previous) => ({ ...previous, loading: false, error: message }));
    setData((previous) => ({ ...previous, loading: true, error: undefined }));

    const load = (span: { from: number; to: number }) =>
      dataOf(
        services.history.POST('/timeseries/ranges', {
          body: { fields: [...fields], start: span.from, end: span.to, points },
        }),
      )
        .then((answer) => answered(span, answer, false))
        .catch((error: Error) => failed(error.message));

    if (fixed) {
      void load(fixed);
      return () => {
        current = false;
      };
    }

    const { ms, query } = presetOf((range as { duration: Parameters<typeof presetOf>[0] }).duration);
    let started = false;
    let open = false;
    const stop = stream.subscribe(
      {
        command: 'ranges',
        query: { fields: [...fields], duration: query, points },
        onData: (answer) => {
          const now = Date.now();
          if (!started) {
            started = true;
            return answered({ from: now - ms, to: now }, answer, open);
          }
          if (!current) return;
          setData((previous) => ({
            ...previous,
            span: { from: now - ms, to: now },
            series: previous.series.map((series, i) =>
              mergeBuckets(series, seriesOf(answer[i]?.values ?? []), now - ms - previous.bucketMs),
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
          else if (!isOpen) void load({ from: Date.now() - ms, to: Date.now() });
        },
      },
    );
    // The window slides with the clock even between values.
    const slide = setInterval(() => {
      const now = Date.now();
      if (current && started) setData((previous) => ({ ...previous, span: { from: now - ms, to: now } }));
    }, 1000);
    return () => {
      current = false;
      clearInterval(slide);
      stop();
    };
    // The keys stand for the arrays and objects, which are new on every render.
  }, [services, stream, fieldsKey, rangeKey, zoomKey, points]);

  return data;
}

function emptyData(fields: readonly string[], range: ViewRange): GraphData {
  const now = Date.now();
  const span = 'from' in range ? range : { from: now - presetOf(range.duration).ms, to: now };
  return { fields, series: fields.map(() => seriesOf([])), span, bucketMs: 0, live: false, loading: false };
}
