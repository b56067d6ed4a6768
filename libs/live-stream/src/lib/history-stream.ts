import type { HistorySchemas } from '@eventcast/api-client';
import { FEED_READERS, readHistoryFrame } from './frame-readers';
import { type FeedEvents, HEARTBEAT_MS, type HistoryCommand, type LiveFeed } from './frames';
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

/** What runs under one id: the command that starts it (sent again after a drop) and where its data goes. */
interface Running {
  command: HistoryCommand;
  deliver: (data: unknown) => void;
  watch: StreamWatch;
}

/** Whether `running` counts as open once the socket is: a feed waits for the service's `following`. */
const opensWithSocket = ({ command }: Running) => command.command !== 'follow';

/**
 * The one WebSocket of the page, to `/history/timeseries/stream`: every live query and every feed
 * (the controllers, the datastore's changes, the annotations) goes through it by id, and it
 * reconnects (1 s, doubling up to 30 s) and sends its commands again after a drop. The socket is
 * open while something runs on it.
 */
export class HistoryStream {
  private readonly socket: LiveSocket;
  private readonly running = new Map<string, Running>();
  private nextId = 0;

  constructor(url: string, token: string | undefined) {
    this.socket = new LiveSocket(url, token, {
      onOpen: () => {
        for (const running of this.running.values()) {
          this.send(running.command);
          if (opensWithSocket(running)) running.watch.onOpenChange?.(true);
        }
      },
      onMessage: (text) => this.receive(text),
      onClose: () => {
        for (const { watch } of this.running.values()) watch.onOpenChange?.(false);
      },
      wanted: () => this.running.size > 0,
      // Three heartbeats missed: the connection is dead though it never closed.
      silentMs: 3 * HEARTBEAT_MS,
    });
  }

  /** Runs `query` until the returned function is called; its answers reach `query.onData`. */
  subscribe({ command, query, onData }: StreamQuery, watch: StreamWatch = {}): () => void {
    return this.start(
      (id) => ({ id, command, query }),
      (data) => (onData as (data: unknown) => void)(data),
      watch,
    );
  }

  /**
   * Follows `feed` until the returned function is called: each event reaches `onEvent`, and
   * `watch.onOpenChange` says when the service follows it for the page (every event from then on
   * comes; the controllers' latest states first) or the socket dropped.
   */
  follow<F extends LiveFeed>(feed: F, onEvent: (event: FeedEvents[F]) => void, watch: StreamWatch = {}): () => void {
    // Told open only once the service answers `following`: from then on no event is missed.
    const read = FEED_READERS[feed] as (data: unknown) => FeedEvents[F] | undefined;
    return this.start(
      (id) => ({ id, command: 'follow', feed }),
      (data) => {
        const event = read(data);
        if (event) onEvent(event);
      },
      watch,
    );
  }

  /** Closes the socket for good (the token changed, or the page goes). */
  close(): void {
    this.socket.close();
  }

  private start(command: (id: string) => HistoryCommand, deliver: (data: unknown) => void, watch: StreamWatch) {
    const id = `q${++this.nextId}`;
    const running = { command: command(id), deliver, watch };
    this.running.set(id, running);
    if (this.socket.isOpen) {
      this.send(running.command);
      if (opensWithSocket(running)) watch.onOpenChange?.(true);
    } else this.socket.open();
    return () => {
      this.running.delete(id);
      this.send({ id, command: 'stop' });
    };
  }

  private send(command: HistoryCommand): void {
    this.socket.send(JSON.stringify(command));
  }

  private receive(text: string): void {
    const frame = readHistoryFrame(text);
    // A heartbeat kept the socket alive (LiveSocket heard it) and is for no one else.
    if (!frame || !('id' in frame) || frame.id === undefined) return;
    const running = this.running.get(frame.id);
    if (!running) return;
    if ('error' in frame) running.watch.onError?.(frame.error);
    else if ('following' in frame) running.watch.onOpenChange?.(true);
    else running.deliver(frame.data);
  }
}
