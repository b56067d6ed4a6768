import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { DatastoreDocument, DatastoreEvent } from '@eventcast/domain';
import { followDocuments } from '@eventcast/live-stream';
import { dataOf } from '../../services/api';
import { useConnection } from '../services-context';
import { applyDatastoreEvent } from '../../common/document-list';
import type { NamespaceCount } from './namespace-tree';

/** The namespaces that hold documents, and whether the datastore listed only the first of them. */
export interface NamespaceList {
  namespaces: NamespaceCount[];
  truncated: boolean;
}

/** What the datastore page shows, kept current by the documents stream. */
export interface DatastoreView {
  /** Whether the documents stream is open, so that other clients' changes show as they happen. */
  live: boolean;
  namespaces?: NamespaceList;
  /** The documents of the chosen namespace, sorted by id; undefined while they are read or none is chosen. */
  documents?: readonly DatastoreDocument[];
  /** Why the last read failed, if it did. */
  problem: string;
  /** Reads the namespaces and the documents again, after a write of the page's own. */
  reload(): void;
}

/** A change event tells only which namespaces changed, not their counts: read the list again, at most this often. */
const NAMESPACES_REFRESH_MS = 500;

/**
 * The namespaces and the documents of `namespace`, read from the datastore and kept current by the
 * change events of the documents stream: documents of the namespace from the events themselves, the
 * namespace list read again (at most every 0.5 s) after events. Each time the stream opens both are
 * read anew, since changes made while it was closed are not sent again.
 */
export function useDatastore(namespace: string | undefined): DatastoreView {
  const { services, stream } = useConnection();
  const [live, setLive] = useState(false);
  const [namespaces, setNamespaces] = useState<NamespaceList>();
  const [documents, setDocuments] = useState<readonly DatastoreDocument[]>();
  const [problem, setProblem] = useState('');
  const chosen = useRef(namespace);
  chosen.current = namespace;
  // Events that came while the documents were being read: the answer may predate them.
  const eventsDuringRead = useRef<DatastoreEvent[]>();
  const refreshTimer = useRef<ReturnType<typeof setTimeout>>();

  const failed = useCallback(
    (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    [],
  );

  const readNamespaces = useCallback(() => {
    dataOf(services.datastore.POST('/namespaces', { body: {} })).then((list) => {
      setProblem('');
      setNamespaces(list);
    }, failed);
  }, [services, failed]);

  const readDocuments = useCallback(
    (of: string | undefined) => {
      if (of === undefined) return setDocuments(undefined);
      const events: DatastoreEvent[] = [];
      eventsDuringRead.current = events;
      dataOf(services.datastore.POST('/mget', { body: { namespace: of } })).then(({ values }) => {
        if (eventsDuringRead.current !== events || chosen.current !== of) return;
        eventsDuringRead.current = undefined;
        setProblem('');
        setDocuments(
          events.reduce<readonly DatastoreDocument[]>((shown, event) => applyDatastoreEvent(shown, of, event), values),
        );
      }, failed);
    },
    [services, failed],
  );

  useEffect(() => {
    setDocuments(undefined);
    readDocuments(namespace);
  }, [namespace, readDocuments]);

  useEffect(() => {
    readNamespaces();
    const stop = followDocuments(stream, {
      onOpenChange: (open) => {
        setLive(open);
        if (!open) return;
        readNamespaces();
        readDocuments(chosen.current);
      },
      onEvent: (event) => {
        eventsDuringRead.current?.push(event);
        const of = chosen.current;
        if (of !== undefined) setDocuments((shown) => shown && applyDatastoreEvent(shown, of, event));
        refreshTimer.current ??= setTimeout(() => {
          refreshTimer.current = undefined;
          readNamespaces();
        }, NAMESPACES_REFRESH_MS);
      },
    });
    return () => {
      stop();
      clearTimeout(refreshTimer.current);
      refreshTimer.current = undefined;
    };
  }, [services, stream, readNamespaces, readDocuments]);

  const reload = useCallback(() => {
    readNamespaces();
    readDocuments(chosen.current);
  }, [readNamespaces, readDocuments]);

  return { live, namespaces, documents, problem, reload };
}
