import WebSocket from 'ws';
import { waitFor } from '@eventcast/testing';

/** A message of the history stream, as the client sees it. */
export interface StreamReply {
  id?: string;
  data?: unknown;
  error?: string;
  following?: true;
}

/** A WebSocket client of `/history/timeseries/stream` that keeps every message it receives but heartbeats. */
export class StreamClient {
  readonly replies: StreamReply[] = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const reply = JSON.parse(data.toString()) as StreamReply & { heartbeat?: true };
      // Heartbeats keep a page's socket alive and answer nothing: the tests read the answers.
      if (!reply.heartbeat) this.replies.push(reply);
    });
  }

  /** Opens the stream at `url` (ws://), offering `protocols` and sending `headers` with the upgrade. */
  static async open(
    url: string,
    protocols: string[] = [],
    headers: Record<string, string> = {},
  ): Promise<StreamClient> {
    const socket = new WebSocket(url, protocols, { headers });
    // Listening before the socket opens: a server that sends at once can have its first message read with the upgrade.
    const client = new StreamClient(socket);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return client;
  }

  /** The subprotocol the server answered with; empty when it answered with none. */
  get protocol(): string {
    return this.socket.protocol;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first reply after the `after`-th that matches, waiting up to `timeoutMs` for it. */
  next(what: string, matches: (reply: StreamReply) => boolean, after = 0, timeoutMs = 10_000): Promise<StreamReply> {
    return waitFor(what, () => this.replies.slice(after).find(matches), timeoutMs);
  }

  /** Calls `listener` with the close code when the socket closes. */
  onClose(listener: (code: number) => void): void {
    this.socket.once('close', listener);
  }

  close(): void {
    this.socket.close();
  }
}
