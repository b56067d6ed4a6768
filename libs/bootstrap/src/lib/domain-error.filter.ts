import { ArgumentsHost, Catch, Logger } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { MqttContext } from '@nestjs/microservices';
import { EMPTY, Observable } from 'rxjs';
import type { WebSocket } from 'ws';
import { DomainError } from '@eventcast/domain';
import { httpErrorAnswer, refusedRequestAnswer } from './http-error-answer';
import { wsErrorFrame } from './ws-error-frame';

/**
 * The one mapping of errors to each transport, registered globally for HTTP and MQTT by
 * `createServiceApp` (a gateway opts in with `@UseFilters`). HTTP: a domain error answers its
 * status with `{statusCode, error, message}`, and so does a request that the HTTP layer refused
 * before any route saw it (not JSON, too large, another content type); anything else is answered
 * as Nest answers it (an unexpected error is logged and answers 500). MQTT: the message is refused, with a log line and
 * a count; nothing changed. WebSocket: an error frame `{id?, error}` to the client.
 */
@Catch()
export class DomainErrorFilter extends BaseExceptionFilter {
  private readonly logger = new Logger(DomainErrorFilter.name);
  private refused = 0;

  /** MQTT messages whose handler failed since start-up. */
  get refusedMessages(): number {
    return this.refused;
  }

  override catch(error: unknown, host: ArgumentsHost): Observable<never> | void {
    switch (host.getType()) {
      case 'rpc':
        return this.refuseMessage(error, host);
      case 'ws':
        return this.sendErrorFrame(error, host);
      default:
        return this.answerHttp(error, host);
    }
  }

  private answerHttp(error: unknown, host: ArgumentsHost): void {
    const answer = error instanceof DomainError ? httpErrorAnswer(error) : refusedRequestAnswer(error);
    if (answer === undefined) return super.catch(error, host);
    const adapter = this.applicationRef ?? this.httpAdapterHost?.httpAdapter;
    adapter?.reply(host.switchToHttp().getResponse(), answer, answer.statusCode);
  }

  private refuseMessage(error: unknown, host: ArgumentsHost): Observable<never> {
    this.refused += 1;
    const context = host.switchToRpc().getContext<unknown>();
    const where = context instanceof MqttContext ? `the message on ${context.getTopic()}` : 'a message';
    const count = `(${this.refused} refused since start)`;
    if (error instanceof DomainError) {
      this.logger.warn(`refused ${where}: ${error.message} ${count}`);
    } else {
      this.logger.error(`failed on ${where} ${count}`, error instanceof Error ? error.stack : String(error));
    }
    return EMPTY;
  }

  private sendErrorFrame(error: unknown, host: ArgumentsHost): void {
    const ws = host.switchToWs();
    const id = (ws.getData<{ id?: unknown } | null>() ?? {}).id;
    const client = ws.getClient<WebSocket>();
    if (client.readyState === client.OPEN)
      client.send(JSON.stringify(wsErrorFrame(error, typeof id === 'string' ? id : undefined)));
  }
}
