import type { HistorySchemas } from '@eventcast/api-client';
import { LiveSocket } from './live-socket';

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

/**
 * The one WebSocket to `/history/timeseries/stream` of the page: every live query goes through
 * it by id, and it reconnects (1 s, doubling up to 30 s) and sends its queries again after a drop.
 */
export class HistoryStream {
  private readonly socket: LiveSocket;
  private readonly running = new Map<string, Running>();
  private nextId = 0;

  constructor(url: string, token: string | undefined) {
    this.socket = new LiveSocket(url, token, {
      onOpen: () => {
        for (const [id, { query, watch }] of this.running) {
          this.send(id, query);
          watch.onOpenChange?.(true);
        }
      },
      onMessage: (text) => this.receive(text),
      onClose: () => {
        for (const { watch } of this.running.values()) watch.onOpenChange?.(false);
      },
      wanted: () => this.running.size > 0,
    });
  }

  /** Runs `query` until the returned function is called; its answers reach `query.onData`. */
  subscribe(query: StreamQuery, watch: StreamWatch = {}): () => void {
    const id = `q${++this.nextId}`;
    this.running.set(id, { query, watch });
    if (this.socket.isOpen) {
      this.send(id, query);
      watch.onOpenChange?.(true);
    } else this.socket.open();
    return () => {
      this.running.delete(id);
      this.socket.send(JSON.stringify({ id, command: 'stop' }));
    };
  }

  /** Closes the socket for good (the token changed, or the page goes). */
  close(): void {
    this.socket.close();
  }

  private send(id: string, { command, query }: StreamQuery): void {
    this.socket.send(JSON.stringify({ id, command, query }));
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

/** The history stream's path. */
export const HISTORY_STREAM_PATH = '/history/timeseries/stream';
