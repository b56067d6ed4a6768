import type { HistorySchemas } from '@eventcast/api-client';

type RangesQuery = HistorySchemas['RangesQueryDto'];
type MetricsQuery = HistorySchemas['MetricsQueryDto'];

/** A query kept live over the history stream. */
export type StreamQuery =
  | { command: 'ranges'; query: RangesQuery; onData: (data: HistorySchemas['FieldSeriesDto'][]) => void }
  | { command: 'metrics'; query: MetricsQuery; onData: (data: HistorySchemas['LatestValueDto'][]) => void };

/** Hooks of a subscription: errors of its query, and whether the socket is open. */
export interface StreamWatch {
  onError?: (message: string) => void;
  onOpenChange?: (open: boolean) => void;
}

interface Running {
  query: StreamQuery;
  watch: StreamWatch;
}

/** The WebSocket subprotocols that carry `token` (the browser cannot set headers on a WebSocket). */
export function streamProtocols(token: string | undefined): string[] | undefined {
  if (token === undefined) return undefined;
  const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(token)));
  return ['eventcast', `eventcast.bearer.${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`];
}

/**
 * The one WebSocket to `/history/timeseries/stream` of the page: every live query goes through
 * it by id, and it reconnects (1 s, doubling up to 30 s) and sends its queries again after a drop.
 */
export class HistoryStream {
  private socket?: WebSocket;
  private readonly running = new Map<string, Running>();
  private retryMs = 1000;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
  ) {}

  /** Runs `query` until the returned function is called; its answers reach `query.onData`. */
  subscribe(query: StreamQuery, watch: StreamWatch = {}): () => void {
    const id = `q${++this.nextId}`;
    this.running.set(id, { query, watch });
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.send(id, query);
      watch.onOpenChange?.(true);
    } else this.connect();
    return () => {
      this.running.delete(id);
      if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ id, command: 'stop' }));
    };
  }

  /** Closes the socket for good (the token changed, or the page goes). */
  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.socket?.close();
  }

  private connect(): void {
    if (this.closed || this.socket || this.retryTimer) return;
    const socket = new WebSocket(this.url, streamProtocols(this.token));
    this.socket = socket;
    socket.onopen = () => {
      this.retryMs = 1000;
      for (const [id, { query, watch }] of this.running) {
        this.send(id, query);
        watch.onOpenChange?.(true);
      }
    };
    socket.onmessage = (event) => this.receive(String(event.data));
    socket.onclose = () => {
      this.socket = undefined;
      for (const { watch } of this.running.values()) watch.onOpenChange?.(false);
      if (this.closed || this.running.size === 0) return;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        this.connect();
      }, this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 30_000);
    };
  }

  private send(id: string, { command, query }: StreamQuery): void {
    this.socket?.send(JSON.stringify({ id, command, query }));
  }

  private receive(text: string): void {
    let message: { id?: string; data?: unknown; error?: string };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    const running = message.id === undefined ? undefined : this.running.get(message.id);
    if (!running) return;
    if (message.error !== undefined) running.watch.onError?.(message.error);
    else (running.query.onData as (data: unknown) => void)(message.data);
  }
}

/** The stream URL of the page's origin (`ws:` or `wss:` as the page). */
export function streamUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/history/timeseries/stream`;
}
