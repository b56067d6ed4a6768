import { WebSocket } from 'ws';
import { StreamClient } from '../../src/app/live/websocket-client';

/** A client's socket that keeps what it was sent (parsed), how far behind it is, and how it was closed. */
export class FakeStreamClient implements StreamClient {
  readyState: WebSocket['readyState'] = WebSocket.OPEN;
  bufferedAmount = 0;
  readonly sent: unknown[] = [];
  closedWith?: number;

  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }

  close(code?: number): void {
    this.closedWith = code;
    this.readyState = WebSocket.CLOSING;
  }
}
