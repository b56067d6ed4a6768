import { useEffect, useState } from 'preact/hooks';
import { annotatesFields, followAnnotations } from '@eventcast/live-stream';
import { dataOf } from '../../services/api';
import { useConnection } from '../services-context';
import type { Annotation } from './annotation-words';

/** The most annotations one graph shows. */
const ANNOTATIONS_SHOWN = 1_000;

type Span = { from: number; to: number };

/**
 * The annotations of `fields` around `span` (epoch ms): those of the blocks that published the
 * fields, of their whole controllers, and the notes. The span asked for is rounded out to a tenth of
 * its width, so a live graph that moves on every second does not ask again each time. While the
 * graph is live, each annotation the service stores arrives over `/history/annotations/stream` and
 * joins them if it belongs to the fields; at each (re)opening of the stream they are read anew.
 */
export function useAnnotations(fields: readonly string[], span: Span, live: boolean) {
  const { services, stream } = useConnection();
  const [annotations, setAnnotations] = useState<Annotation[]>([]);
  const [error, setError] = useState<string>();
  const [asked, setAsked] = useState(0);
  const step = Math.max(1_000, Math.round((span.to - span.from) / 10));
  const from = Math.floor(span.from / step) * step - step;
  const to = Math.ceil(span.to / step) * step + step;

  useEffect(() => {
    if (fields.length === 0) {
      setAnnotations([]);
      return;
    }
    let current = true;
    dataOf(
      services.history.GET('/annotations', {
        params: { query: { field: [...fields], start: from, end: to, limit: ANNOTATIONS_SHOWN } },
      }),
    ).then(
      (answer) => {
        if (!current) return;
        setAnnotations(answer);
        setError(undefined);
      },
      (problem: Error) => current && setError(problem.message),
    );
    return () => {
      current = false;
    };
  }, [services, fields, from, to, asked]);

  useEffect(() => {
    if (!live || fields.length === 0) return;
    return followAnnotations(stream, {
      onAnnotation: (annotation) => {
        if (!annotatesFields(annotation, fields)) return;
        setAnnotations((shown) =>
          shown.some((one) => one.id === annotation.id) ? shown : [...shown, annotation as Annotation],
        );
      },
      onOpenChange: (open) => open && setAsked((count) => count + 1),
    });
  }, [stream, fields, live]);

  return { annotations, error, reload: () => setAsked((count) => count + 1) };
}
