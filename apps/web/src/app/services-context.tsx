import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { HISTORY_STREAM_PATH, HistoryStream, streamUrl } from '@eventcast/live-stream';
import { servicesFor, type Services } from '../services/api';
import { onTokenChange, sessionToken, tokenWanted } from '../services/token';

/** What every view calls the services through: the clients and the stream of the current token. */
export interface Connection {
  services: Services;
  stream: HistoryStream;
  tokenWanted: boolean;
}

const ConnectionContext = createContext<Connection | undefined>(undefined);

/** Gives its children the clients and stream of the session's token, new ones when it changes. */
export function ConnectionProvider({ children }: { children: ComponentChildren }) {
  const [token, setToken] = useState(sessionToken());
  const [wanted, setWanted] = useState(tokenWanted());
  useEffect(
    () =>
      onTokenChange(() => {
        setToken(sessionToken());
        setWanted(tokenWanted());
      }),
    [],
  );
  const services = useMemo(() => servicesFor(token), [token]);
  const stream = useMemo(() => new HistoryStream(streamUrl(HISTORY_STREAM_PATH), token), [token]);
  useEffect(() => () => stream.close(), [stream]);
  const connection = useMemo(() => ({ services, stream, tokenWanted: wanted }), [services, stream, wanted]);
  return <ConnectionContext.Provider value={connection}>{children}</ConnectionContext.Provider>;
}

/** The connection of the current token. */
export function useConnection(): Connection {
  const connection = useContext(ConnectionContext);
  if (!connection) throw new Error('useConnection needs a ConnectionProvider');
  return connection;
}
