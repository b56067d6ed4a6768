import { streamProtocols } from './token-protocol';

/** What a {@link LiveSocket} tells its owner. */
export interface LiveSocketHandlers {
  /** The socket opened (again): send what the server must know. */
  onOpen(): void;
  onMessage(text: string): void;
  /** The socket closed; `reconnecting` says whether it will try again. */
  onClose(reconnecting: boolean): void;
  /** Whether the owner still wants the socket after a drop. */
  wanted(): boolean;
  /**
   * After this long without a message, the open socket counts as dropped and is opened anew: a
   * network path that died without a close (the server sends heartbeats more often). Unset: never.
   */
  silentMs?: number;
}

/** What {@link streamUrl} reads of the page's address (a browser's `Location`). */
export interface PageLocation {
  protocol: string;
  host: string;
}

// The services compile this library without the DOM's types: the page's location is read untyped.
const pageLocation = () => (globalThis as unknown as { location: PageLocation }).location;

/** The WebSocket URL of `path` at the page's origin (`ws:` or `wss:` as the page). */
export function streamUrl(path: string, location: PageLocation = pageLocation()): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

/**
 * A WebSocket to one of the services' streams that carries the API token in its subprotocols and,
 * after a drop, opens again (1 s, doubling up to 30 s) for as long as its owner wants it.
 */
export class LiveSocket {
  private socket?: WebSocket;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private silenceTimer?: ReturnType<typeof setTimeout>;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly handlers: LiveSocketHandlers,
  ) {}

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Opens the socket unless it is open, opening, or waiting to try again. */
  open(): void {
    if (this.closed || this.socket || this.retryTimer) return;
    const socket = new WebSocket(this.url, this.token === undefined ? undefined : streamProtocols(this.token));
    this.socket = socket;
    // An opening that hangs counts as silence too.
    this.heard(socket);
    // A socket closed for good tells its owner nothing more: a socket still opening when its token
    // changed closes after the owner has gone, and the owner would answer with its old token.
    socket.onopen = () => {
      if (this.closed) return;
      this.retryMs = FIRST_RETRY_MS;
      this.heard(socket);
      this.handlers.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.closed) return;
      this.heard(socket);
      this.handlers.onMessage(String(event.data));
    };
    socket.onclose = () => this.dropped(socket);
  }

  /** A sign of life on `socket`: the silence it may keep starts again. */
  private heard(socket: WebSocket): void {
    const { silentMs } = this.handlers;
    if (silentMs === undefined) return;
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      // A dead path may hold the close handshake for minutes: the socket is let go at once.
      socket.onopen = socket.onmessage = socket.onclose = null;
      socket.close();
      this.dropped(socket);
    }, silentMs);
  }

  /** `socket` closed or went silent: the owner is told, and it opens again while the owner wants it. */
  private dropped(socket: WebSocket): void {
    if (this.socket !== socket) return;
    clearTimeout(this.silenceTimer);
    this.socket = undefined;
    if (this.closed) return;
    const reconnecting = this.handlers.wanted();
    this.handlers.onClose(reconnecting);
    if (!reconnecting) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.open();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
  }

  send(text: string): void {
    if (this.isOpen) this.socket?.send(text);
  }

  /** Closes the socket for good (the token changed, or the page goes). */
  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.silenceTimer);
    this.socket?.close();
  }
}
