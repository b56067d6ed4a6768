import type { INestApplicationContext } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { IncomingMessage } from 'node:http';
import { chooseStreamProtocol, hasBearerToken, hasProtocolToken } from '@eventcast/bootstrap';

/**
 * The WebSocket adapter of the history stream. With an API token, an upgrade request is refused
 * with 401 before any stream starts unless it carries the token: in `Authorization: Bearer <token>`
 * (programs) or in the subprotocol `eventcast.bearer.<base64url of the token>` (browsers, which
 * cannot set headers on a WebSocket). The server answers with the subprotocol `eventcast` when
 * the client offered it, never with the one that carries the token.
 */
export class BearerWsAdapter extends WsAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly token: string | undefined,
  ) {
    super(app);
  }

  override create(port: number, options: Record<string, unknown> & { path?: string } = {}) {
    const token = this.token;
    const handleProtocols = chooseStreamProtocol;
    if (token === undefined) return super.create(port, { ...options, handleProtocols });
    return super.create(port, {
      ...options,
      handleProtocols,
      verifyClient: (info: { req: IncomingMessage }, accept: (ok: boolean, code?: number, message?: string) => void) =>
        hasBearerToken(info.req.headers.authorization, token) ||
        hasProtocolToken(info.req.headers['sec-websocket-protocol'], token)
          ? accept(true)
          : accept(false, 401, 'Unauthorized'),
    });
  }
}
