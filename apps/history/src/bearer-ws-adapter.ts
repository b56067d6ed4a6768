import type { INestApplicationContext } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { IncomingMessage } from 'node:http';
import { hasBearerToken } from '@eventcast/bootstrap';

/**
 * The WebSocket adapter of the history stream: with an API token, an upgrade request without
 * `Authorization: Bearer <token>` is refused with 401 before any stream starts, as HTTP routes are.
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
    if (token === undefined) return super.create(port, options);
    return super.create(port, {
      ...options,
      verifyClient: (info: { req: IncomingMessage }, accept: (ok: boolean, code?: number, message?: string) => void) =>
        hasBearerToken(info.req.headers.authorization, token) ? accept(true) : accept(false, 401, 'Unauthorized'),
    });
  }
}
