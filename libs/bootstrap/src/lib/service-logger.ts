import { randomUUID } from 'node:crypto';
import { ConsoleLogger, type LoggerService, type LogLevel } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger as Pino } from 'pino';

/** The values of `LOG_LEVEL`, pino's level names, from the fewest lines to the most. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

/** How a service logs: readable lines (`text`) or one JSON object per line (`json`), from `level` up. */
export interface LogSettings {
  format: 'text' | 'json';
  level: LogLevelName;
}

/** Nest's names of the levels `level` and the more severe ones let through. */
function nestLevels(level: LogLevelName): LogLevel[] {
  const nest: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
  return nest.slice(0, LOG_LEVELS.indexOf(level) + 1);
}

/**
 * The Nest classes that narrate the app's start: one line per route (HTTP or WebSocket), some 90
 * a service, one per module (`InstanceLoader`), and Nest's own "starting" and "started" lines: at
 * debug level, not info, so that a start at the default level prints the service's own few lines.
 */
const START_UP_CONTEXTS = new Set([
  'RoutesResolver',
  'RouterExplorer',
  'WebSocketsController',
  'InstanceLoader',
  'NestFactory',
  'NestApplication',
  'NestMicroservice',
]);

/** Whether the arguments after a Nest `log` call's message end with a start-up context. */
function narratesStart(rest: unknown[]): boolean {
  const context = rest[rest.length - 1];
  return typeof context === 'string' && START_UP_CONTEXTS.has(context);
}

/** Nest's readable lines, with its start-up lines at debug level. */
export class ServiceConsoleLogger extends ConsoleLogger {
  override log(message: unknown, ...rest: unknown[]): void {
    if (narratesStart(rest)) super.debug(message, ...rest);
    else super.log(message, ...rest);
  }
}

/**
 * Nest's logger interface over pino: each line a JSON object with pino's `level` and `time`, the
 * Nest context (the class or service that logs) as `context`, and an error's stack as `stack`.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write(narratesStart(rest) ? 'debug' : 'info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  // Nest passes the context last, and for an error the stack before it.
  private write(level: LogLevelName, message: unknown, rest: unknown[]): void {
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? rest.pop() : undefined;
    const stack = level === 'error' && typeof rest[0] === 'string' ? rest.shift() : undefined;
    const text =
      message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message);
    this.pino[level]({ context, ...(stack !== undefined && { stack }) }, text);
  }
}

/** What a service's Nest app and its Fastify instance log with. */
export interface ServiceLoggers {
  /**
   * Nest's logger: its own readable lines at the chosen levels, or pino's JSON lines; either way
   * the lines that list the mapped routes are debug lines.
   */
  nest: LoggerService;
  /**
   * Fastify's logger, in JSON only: a line when a request comes in and one when it is answered,
   * with its id (`reqId`), method, URL, status and time taken, never its headers (so never a token).
   */
  http?: Pino;
}

export function serviceLoggers(settings: LogSettings = { format: 'text', level: 'info' }): ServiceLoggers {
  if (settings.format === 'text') return { nest: new ServiceConsoleLogger({ logLevels: nestLevels(settings.level) }) };
  const root = pino({ level: settings.level, timestamp: pino.stdTimeFunctions.isoTime });
  return { nest: new PinoNestLogger(root), http: root.child({ context: 'http' }) };
}

const CALLER_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** A request's id: the caller's `X-Request-Id` when it is a plain token, a new UUID otherwise. */
export function requestId(header: string | string[] | undefined): string {
  return typeof header === 'string' && CALLER_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Answers every request with its id in `X-Request-Id`, the id its log lines carry as `reqId`. */
export function answerWithRequestId(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
}
