import { createHash, timingSafeEqual } from 'node:crypto';
import { BEARER_PROTOCOL_PREFIX, STREAM_PROTOCOL } from '@eventcast/live-stream';

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/**
 * Whether a `Sec-WebSocket-Protocol` header offers `eventcast.bearer.<base64url of token>`. Every
 * offered token is compared through its SHA-256 digest in constant time, as `Authorization` is.
 */
export function hasProtocolToken(offered: string | undefined, token: string): boolean {
  const expected = digest(Buffer.from(token, 'utf8'));
  let found = false;
  for (const protocol of (offered ?? '').split(',')) {
    const name = protocol.trim();
    if (!name.startsWith(BEARER_PROTOCOL_PREFIX)) continue;
    const given = Buffer.from(name.slice(BEARER_PROTOCOL_PREFIX.length), 'base64url');
    found = timingSafeEqual(digest(given), expected) || found;
  }
  return found;
}

/**
 * The subprotocol a server answers an upgrade with: `eventcast` when the client offered it, else
 * none. Never the token's: a browser fails a connection whose server picks a protocol it did not
 * offer, and answering with the token would send it back in the clear.
 */
export function chooseStreamProtocol(offered: ReadonlySet<string>): string | false {
  return offered.has(STREAM_PROTOCOL) ? STREAM_PROTOCOL : false;
}
