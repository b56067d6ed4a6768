import { WebSocket } from 'ws';

/**
 * A client that has not read this much of what it was sent is closed rather than buffered for
 * without end (about 30 controller states of 500 blocks, or minutes of a busy live graph). Its page
 * opens the stream again and asks anew, which brings all it had missed.
 */
export const MAX_UNREAD_BYTES = 8 * 1024 * 1024;

/** The close code of a client that fell behind, or that the service cannot serve for now: "try again later". */
export const TRY_AGAIN_LATER = 1013;

/** What the streams need of a client's WebSocket. */
export type StreamClient = Pick<WebSocket, 'readyState' | 'bufferedAmount' | 'send' | 'close'>;

/** Sends `message` as JSON to a client that is open, or closes one that fell behind with 1013. */
export function sendToClient(socket: StreamClient, message: unknown): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  if (socket.bufferedAmount > MAX_UNREAD_BYTES) return socket.close(TRY_AGAIN_LATER, 'fell behind');
  socket.send(JSON.stringify(message));
}
