import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The answer to a request without the right token, in the shape of every error answer. */
export const MISSING_TOKEN_ANSWER = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'this route needs the header "Authorization: Bearer <token>" with the service\'s API token',
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an `Authorization` header carries `Bearer <token>`. Digests of equal length are compared
 * in constant time, so the time an answer takes says nothing of how much of a guess was right.
 */
export function hasBearerToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Routes anyone may call while a token guards the rest: the ping and health routes (load balancers,
 * Compose health checks), the metrics (Prometheus) and the API page with its OpenAPI document,
 * which describe the API but hold no data.
 */
export function isOpenRoute(pattern: string | undefined, prefix: string): boolean {
  if (pattern === undefined) return false;
  return (
    pattern.endsWith('/ping') ||
    pattern === `/${prefix}/health` ||
    pattern === `/${prefix}/metrics` ||
    pattern.startsWith(`/${prefix}/api/doc`)
  );
}

/** Answers 401 to every request but those of open routes unless it carries `Authorization: Bearer <token>`. */
export function requireApiToken(fastify: FastifyInstance, prefix: string, token: string): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (isOpenRoute(request.routeOptions.url, prefix) || hasBearerToken(request.headers.authorization, token)) {
      done();
      return;
    }
    void reply.code(401).header('www-authenticate', 'Bearer realm="eventcast"').send(MISSING_TOKEN_ANSWER);
  });
}
