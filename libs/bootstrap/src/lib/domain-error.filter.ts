import { ArgumentsHost, Catch, Logger, NotFoundException } from '@nestjs/common';
import type { HttpServer } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { MqttContext } from '@nestjs/microservices';
import { EMPTY, Observable } from 'rxjs';
import { DomainError } from '@eventcast/domain';
import { httpErrorAnswer, methodNotAllowedAnswer, refusedRequestAnswer } from './http-error-answer';
import type { RouteMethods } from './route-methods';
import { ThrottledLog } from './throttled-log';

/** How often a flood of refused MQTT messages on one topic is summed up in the log, at most. */
export const REFUSAL_LOG_INTERVAL_MS = 10_000;

/**
 * The one mapping of errors to HTTP answers and MQTT refusals, registered globally by
 * `createServiceApp`. HTTP: a domain error answers its status with `{statusCode, error, message}`,
 * and so does a request that the HTTP layer refused before any route saw it (not JSON, too large,
 * another content type); a path that exists for other methods only answers 405 naming them
 * (`Allow`, from `routes`); anything else is answered as Nest answers it (an unexpected error is
 * logged and answers 500). MQTT: the message is refused and counted; nothing changed. The first
 * refusal on a topic is logged at once, then at most one line per topic every
 * `REFUSAL_LOG_INTERVAL_MS` sums up the others (`ThrottledLog`), so a flood cannot flood the log.
 * WebSocket error frames come from `wsErrorFrame`: the history stream reads its clients' messages
 * and runs its live queries outside Nest's handlers, where no filter is reached.
 */
@Catch()
export class DomainErrorFilter extends BaseExceptionFilter {
  private readonly logger = new Logger(DomainErrorFilter.name);
  private refused = 0;
  private readonly refusals = new ThrottledLog(this.logger, REFUSAL_LOG_INTERVAL_MS, {
    first: (topic, reason) => `refused the message on ${topic}: ${reason} (${this.refused} refused since start)`,
    summary: ({ kind, count, seconds, lastMessage }) =>
      `refused ${count.toLocaleString('en-US')} messages on ${kind} in the last ${seconds} s: ${lastMessage} (${this.refused} refused since start)`,
  });
  private readonly failures = new ThrottledLog(this.logger, REFUSAL_LOG_INTERVAL_MS, {
    level: 'error',
    first: (topic) => `failed on the message on ${topic} (${this.refused} refused since start)`,
    summary: ({ kind, count, seconds, lastMessage }) =>
      `failed on ${count.toLocaleString('en-US')} messages on ${kind} in the last ${seconds} s: ${lastMessage} (${this.refused} refused since start)`,
  });

  constructor(
    applicationRef?: HttpServer,
    private readonly routes?: RouteMethods,
  ) {
    super(applicationRef);
  }

  /** MQTT messages whose handler failed since start-up. */
  get refusedMessages(): number {
    return this.refused;
  }

  override catch(error: unknown, host: ArgumentsHost): Observable<never> | void {
    switch (host.getType()) {
      case 'rpc':
        return this.refuseMessage(error, host);
      default:
        return this.answerHttp(error, host);
    }
  }

  private answerHttp(error: unknown, host: ArgumentsHost): void {
    const adapter = this.applicationRef ?? this.httpAdapterHost?.httpAdapter;
    const response: unknown = host.switchToHttp().getResponse();
    if (error instanceof NotFoundException) {
      const { method, url } = host.switchToHttp().getRequest<{ method: string; url: string }>();
      const allowed = this.routes?.allowed(url) ?? [];
      if (allowed.length > 0 && !allowed.includes(method)) {
        const answer = methodNotAllowedAnswer(method, url.split('?', 1)[0], allowed);
        adapter?.setHeader(response, 'Allow', allowed.join(', '));
        return adapter?.reply(response, answer, answer.statusCode);
      }
    }
    const answer = error instanceof DomainError ? httpErrorAnswer(error) : refusedRequestAnswer(error);
    if (answer === undefined) return super.catch(error, host);
    adapter?.reply(response, answer, answer.statusCode);
  }

  /** Writes the summaries of refused messages not written yet (the service is stopping). */
  flushLog(): void {
    this.refusals.flush();
    this.failures.flush();
  }

  private refuseMessage(error: unknown, host: ArgumentsHost): Observable<never> {
    this.refused += 1;
    const context = host.switchToRpc().getContext<unknown>();
    const topic = context instanceof MqttContext ? context.getTopic() : 'an unknown topic';
    if (error instanceof DomainError) {
      this.refusals.report(topic, error.message);
    } else {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.failures.report(topic, reason, error instanceof Error ? error.stack : String(error));
    }
    return EMPTY;
  }
}
