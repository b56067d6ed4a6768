import { useEffect, useRef, useState } from 'preact/hooks';
import { followDocuments } from '@eventcast/live-stream';
import { ApiError, dataOf } from '../../services/api';
import { eventTouchesNamespace } from '../../common/document-list';
import { DASHBOARDS_NAMESPACE, dashboardsOf, type Dashboard } from '../../common/dashboards';
import { useConnection } from '../services-context';

/** How long after a failed read the dashboards are read again: a wall tablet outlives an outage. */
const READ_AGAIN_MS = 5000;

/** The dashboards, what the page says of them, and how to change them. */
export interface Dashboards {
  dashboards: Dashboard[];
  /** Whether the first read has answered. */
  loaded: boolean;
  problem: string;
  /** Whether the documents stream is open, so that another browser's changes show as they happen. */
  live: boolean;
  save: (dashboard: Dashboard) => Promise<void>;
  remove: (dashboard: Dashboard) => Promise<void>;
}

/**
 * The dashboards kept in the datastore, by title, read again after each save or delete here, a
 * few seconds after a read that failed for another reason than the token, and, with `follow`, at
 * each change event of their namespace on the documents stream and each time it opens, so that
 * another browser's changes show without a reload. A save shows at once; the saves go one after
 * the other, and no read replaces the list while one is on its way, so quick changes (a widget
 * moved cell by cell) build on each other. `save` and `remove` reject with the service's message
 * when it refuses.
 */
export function useDashboards(follow: boolean): Dashboards {
  const { services, stream } = useConnection();
  const [dashboards, setDashboards] = useState<Dashboard[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [problem, setProblem] = useState('');
  const [live, setLive] = useState(false);
  const [generation, setGeneration] = useState(0);
  const reread = () => setGeneration((n) => n + 1);
  const writes = useRef({ pending: 0, last: Promise.resolve() });

  // Each read replaces the one before it, whose answer may predate the event that asked for it.
  useEffect(() => {
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    dataOf(services.datastore.POST('/mget', { body: { namespace: DASHBOARDS_NAMESPACE } }))
      .then(({ values }) => {
        if (!current || writes.current.pending > 0) return;
        setDashboards(dashboardsOf(values as Record<string, unknown>[]));
        setLoaded(true);
        setProblem('');
      })
      .catch((error: Error) => {
        if (!current) return;
        setProblem(`Could not read the dashboards: ${error.message}`);
        // A refused token is asked for instead; the new one reads them again.
        if (!(error instanceof ApiError && error.status === 401)) retry = setTimeout(reread, READ_AGAIN_MS);
      });
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [services, generation]);

  // Changes made while the stream was closed are not sent again: read the dashboards at each opening.
  useEffect(() => {
    if (!follow) return undefined;
    const stop = followDocuments(stream, {
      onOpenChange: (open) => {
        setLive(open);
        if (open) reread();
      },
      onEvent: (event) => eventTouchesNamespace(event, DASHBOARDS_NAMESPACE) && reread(),
    });
    return () => {
      stop();
      setLive(false);
    };
  }, [stream, follow]);

  const write = (change: (list: Dashboard[]) => Dashboard[], send: () => Promise<unknown>) => {
    setDashboards(change);
    const queue = writes.current;
    queue.pending++;
    const done = queue.last.then(send);
    queue.last = done.then(
      () => undefined,
      () => undefined,
    );
    return done
      .then(() => undefined)
      .finally(() => {
        queue.pending--;
        reread();
      });
  };
  const save = (dashboard: Dashboard) =>
    write(
      (list) => [...list.filter(({ id }) => id !== dashboard.id), dashboard].sort(byTitle),
      () => dataOf(services.datastore.POST('/set', { body: { value: dashboard } })),
    );
  const remove = (dashboard: Dashboard) =>
    write(
      (list) => list.filter(({ id }) => id !== dashboard.id),
      () => dataOf(services.datastore.POST('/delete', { body: { namespace: DASHBOARDS_NAMESPACE, id: dashboard.id } })),
    );
  return { dashboards, loaded, problem, live, save, remove };
}

function byTitle(a: Dashboard, b: Dashboard): number {
  return a.title.localeCompare(b.title);
}
