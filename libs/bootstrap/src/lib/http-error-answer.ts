import { STATUS_CODES } from 'node:http';
import { HttpException, HttpStatus } from '@nestjs/common';
import {
  BadRequestError,
  ConflictError,
  DomainError,
  NotFoundError,
  RefusedChangeError,
  StoreUnavailableError,
  TooLargeError,
} from '@eventcast/domain';

/** The JSON body of an HTTP error answer, the shape Nest gives its own exceptions. */
export interface HttpErrorBody {
  statusCode: number;
  error: string;
  /** The reason, or every problem when there are several. */
  message: string | readonly string[];
}

type DomainErrorClass = abstract new (...args: never[]) => DomainError;

/** Status and reason phrase of each domain error class; subclasses answer as their base. */
const HTTP_ANSWERS: ReadonlyArray<readonly [DomainErrorClass, HttpStatus, string]> = [
  [BadRequestError, HttpStatus.BAD_REQUEST, 'Bad Request'],
  [NotFoundError, HttpStatus.NOT_FOUND, 'Not Found'],
  [ConflictError, HttpStatus.CONFLICT, 'Conflict'],
  [TooLargeError, HttpStatus.PAYLOAD_TOO_LARGE, 'Payload Too Large'],
  [RefusedChangeError, HttpStatus.UNPROCESSABLE_ENTITY, 'Unprocessable Entity'],
  [StoreUnavailableError, HttpStatus.SERVICE_UNAVAILABLE, 'Service Unavailable'],
];

/** The HTTP answer to a domain error: its status, and a body naming the reason or every problem. */
export function httpErrorAnswer(error: DomainError): HttpErrorBody {
  const [, statusCode, phrase] = HTTP_ANSWERS.find(([type]) => error instanceof type) ?? [
    DomainError,
    HttpStatus.INTERNAL_SERVER_ERROR,
    'Internal Server Error',
  ];
  return { statusCode, error: phrase, message: error.problems ?? error.message };
}

/** The message of a 415: the services take JSON bodies only. */
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'send the body as JSON, with the header Content-Type: application/json';

/**
 * The answer to a request the HTTP layer refused before any route saw it (Fastify's errors, which
 * Nest hands on as an `HttpException` holding a bare message: a body that is not JSON, empty or too
 * large, a content type the service does not take, where the message says to send JSON), in the
 * shape of every other error answer; undefined for any other error.
 */
export function refusedRequestAnswer(error: unknown): HttpErrorBody | undefined {
  if (!(error instanceof HttpException) || typeof error.getResponse() !== 'string') return undefined;
  const statusCode = error.getStatus();
  if (statusCode < 400 || statusCode >= 500) return undefined;
  const message = statusCode === HttpStatus.UNSUPPORTED_MEDIA_TYPE ? UNSUPPORTED_MEDIA_TYPE_MESSAGE : error.message;
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Client Error', message };
}

/** The answer to `method` on a path whose routes answer only the `allowed` methods (sent in `Allow`). */
export function methodNotAllowedAnswer(method: string, path: string, allowed: readonly string[]): HttpErrorBody {
  return {
    statusCode: HttpStatus.METHOD_NOT_ALLOWED,
    error: 'Method Not Allowed',
    message: `${path} does not answer ${method}: use ${allowed.join(' or ')}`,
  };
}
