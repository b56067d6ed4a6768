import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * Lets a POST without a body through even when it says `content-type: application/json` (Fastify
 * refuses that with 400): routes such as `blocks/all/read` and `blocks/discover` take no body,
 * and clients often send the header anyway. The header is dropped before parsing when the request
 * says it carries nothing, so every other body still goes through the one JSON parser, with its
 * protection against `__proto__` and `constructor` keys.
 */
export function acceptEmptyJsonBodies(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, _reply, done) => {
      const { headers } = request;
      const carriesNothing = (headers['content-length'] ?? '0') === '0' && headers['transfer-encoding'] === undefined;
      if (carriesNothing) delete headers['content-type'];
      done();
    });
}
