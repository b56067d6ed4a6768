/** The WebSocket subprotocol of eventcast streams: the one a server answers with. */
export const STREAM_PROTOCOL = 'eventcast';

/** The subprotocol that carries an API token: this prefix, then the token in base64url without padding. */
export const BEARER_PROTOCOL_PREFIX = `${STREAM_PROTOCOL}.bearer.`;

/**
 * The subprotocols a client offers to open a stream with `token`, where it cannot set an
 * `Authorization` header (a browser): `eventcast`, which the server answers with, and
 * `eventcast.bearer.<base64url of the token>`, which it never answers with. Browser-safe: no Node.js
 * `Buffer`, so the web app and the services encode it with the same code.
 */
export function streamProtocols(token: string): string[] {
  const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(token)));
  const base64url = base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return [STREAM_PROTOCOL, `${BEARER_PROTOCOL_PREFIX}${base64url}`];
}
