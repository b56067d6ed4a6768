import { useEffect, useState } from 'preact/hooks';
import { followDocuments } from '@eventcast/live-stream';
import type { Services } from '../services/api';
import { useConnection } from '../app/services-context';
import { eventTouchesNamespace } from './document-list';

/** A list kept in one datastore namespace, what the page says when it cannot be read, and a new read. */
export interface NamespaceList<T> {
  items: T[];
  problem: string;
  reread: () => void;
}

/**
 * The list `read` gives (a function of the module, so that it stays the same), read again on
 * `reread`, at each change event of `namespace` on the documents stream and each time the stream
 * opens, so that another browser's changes show without a reload; `what` names the list in the
 * problem shown when a read fails.
 */
export function useNamespaceList<T>(
  namespace: string,
  read: (services: Services) => Promise<T[]>,
  what: string,
): NamespaceList<T> {
  const { services, stream } = useConnection();
  const [items, setItems] = useState<T[]>([]);
  const [problem, setProblem] = useState('');
  const [generation, setGeneration] = useState(0);
  const reread = () => setGeneration((n) => n + 1);

  // Each read replaces the one before it, whose answer may predate the event that asked for it.
  useEffect(() => {
    let current = true;
    read(services)
      .then((values) => {
        if (!current) return;
        setItems(values);
        setProblem('');
      })
      .catch((error: Error) => current && setProblem(`Could not list the ${what}: ${error.message}`));
    return () => {
      current = false;
    };
  }, [services, generation, read, what]);

  // Changes made while the stream was closed are not sent again: read the list at each opening.
  useEffect(
    () =>
      followDocuments(stream, {
        onOpenChange: (open) => open && reread(),
        onEvent: (event) => eventTouchesNamespace(event, namespace) && reread(),
      }),
    [stream, namespace],
  );

  return { items, problem, reread };
}
