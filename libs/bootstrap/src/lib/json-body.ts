import { isUtf8 } from 'node:buffer';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RawServerDefault } from 'fastify';
import { BadRequestError, MAX_NESTING_DEPTH, TOO_DEEP_PROBLEM } from '@eventcast/domain';

/** Largest request body a service reads (16 MiB); a larger one is answered 413 before it is parsed. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether the JSON text in `bytes` (UTF-8) opens more than `limit` objects and arrays inside one
 * another (`{}` is one level). Counts `[` and `{` outside strings and stops at the first one past
 * the limit, so a 16 MiB body of `[` costs 101 bytes read. Exact for valid JSON; on text that is not
 * JSON it may be wrong either way, which does not matter, since the JSON parser refuses that text.
 * Works on the bytes: the characters it looks for are ASCII, which never occur inside a multi-byte
 * UTF-8 sequence.
 */
export function jsonNestsDeeperThan(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/**
 * Makes every `application/json` body of the app go through one parser, before any route,
 * guard or validation pipe sees it: a body that is not UTF-8 or nests objects and arrays more than
 * `MAX_NESTING_DEPTH` levels deep is refused with a `BadRequestError` (400,
 * `{statusCode, error, message}` through `DomainErrorFilter`); the rest goes to Fastify's own JSON
 * parser, which refuses an empty body, text that is not JSON, and `__proto__` keys and
 * `constructor` keys holding `prototype` (no prototype can be polluted through a body).
 *
 * Only JSON is parsed: Nest's form parser (`application/x-www-form-urlencoded`) is not registered, so
 * such a body is answered 415, as any other type the services do not take; `text/plain` stays a
 * string, which the body pipes refuse (not a JSON object).
 */
export function parseJsonBodies(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>('application/json', { bodyLimit: MAX_BODY_BYTES }, (request, body, done) => {
    if (!isUtf8(body)) return done(new BadRequestError('the body is not valid UTF-8'));
    if (jsonNestsDeeperThan(body, MAX_NESTING_DEPTH)) return done(new BadRequestError([TOO_DEEP_PROBLEM]));
    void parseJson(request, body.toString('utf8'), done);
  });
}
