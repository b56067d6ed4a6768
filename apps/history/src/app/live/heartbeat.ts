import { HEARTBEAT_MS, type HeartbeatFrame } from '@eventcast/live-stream';
import { sendToClient, StreamClient } from './websocket-client';

const HEARTBEAT: HeartbeatFrame = { heartbeat: true };

/**
 * Sends each of `clients()` a heartbeat every `everyMs` until the returned stop, so that a page whose
 * network path died without a close hears the silence and opens its stream anew (docs/history.md).
 */
export function sendHeartbeats(clients: () => Iterable<StreamClient>, everyMs = HEARTBEAT_MS): () => void {
  const timer = setInterval(() => {
    for (const client of clients()) sendToClient(client, HEARTBEAT);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
