import { HttpException, HttpServer, Logger, NotFoundException } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { MqttContext } from '@nestjs/microservices';
import { lastValueFrom, Observable, toArray } from 'rxjs';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  RefusedChangeError,
  StoreUnavailableError,
  TooLargeError,
} from '@eventcast/domain';
import { DomainErrorFilter, REFUSAL_LOG_INTERVAL_MS } from './domain-error.filter';

/** What the filter answered over HTTP: status and body, as the HTTP adapter was asked to send them. */
function answerHttp(error: unknown): { status: number; body: unknown } {
  const reply = jest.fn();
  const adapter = { reply, isHeadersSent: () => false, end: jest.fn() } as unknown as HttpServer;
  const host = new ExecutionContextHost([{}, { id: 'response' }]);
  host.setType('http');
  new DomainErrorFilter(adapter).catch(error, host);
  expect(reply).toHaveBeenCalledTimes(1);
  const [response, body, status] = reply.mock.calls[0];
  expect(response).toEqual({ id: 'response' });
  return { status, body };
}

function mqttHost(topic: string): ExecutionContextHost {
  const host = new ExecutionContextHost([{}, new MqttContext([topic, { topic } as never])]);
  host.setType('rpc');
  return host;
}

class DeviceRefusal extends RefusedChangeError {}

describe(DomainErrorFilter.name, () => {
  afterEach(() => jest.restoreAllMocks());

  describe('over HTTP', () => {
    it.each([
      { type: BadRequestError, status: 400, phrase: 'Bad Request' },
      { type: NotFoundError, status: 404, phrase: 'Not Found' },
      { type: ConflictError, status: 409, phrase: 'Conflict' },
      { type: TooLargeError, status: 413, phrase: 'Payload Too Large' },
      { type: RefusedChangeError, status: 422, phrase: 'Unprocessable Entity' },
      { type: StoreUnavailableError, status: 503, phrase: 'Service Unavailable' },
    ])('answers a $type.name with $status and {statusCode, error, message}', ({ type, status, phrase }) => {
      expect(answerHttp(new type('the reason'))).toEqual({
        status,
        body: { statusCode: status, error: phrase, message: 'the reason' },
      });
    });

    it('lists every problem of a bad request in its message', () => {
      const { body } = answerHttp(new BadRequestError(['type: X is not a block type', 'data.kp must be a number']));
      expect(body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: ['type: X is not a block type', 'data.kp must be a number'],
      });
    });

    it('answers a specific error as the domain error it extends', () => {
      expect(answerHttp(new DeviceRefusal('there is no block X')).status).toBe(422);
    });

    it('answers a Nest exception as Nest does', () => {
      expect(answerHttp(new NotFoundException('Cannot POST /nowhere'))).toEqual({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Cannot POST /nowhere' },
      });
    });

    it('answers a request the HTTP layer refused (Nest hands on a bare message) as a domain error', () => {
      expect(answerHttp(new HttpException('Body cannot be empty', 400))).toEqual({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Body cannot be empty' },
      });
    });

    it('answers a content type it does not take by saying to send JSON', () => {
      expect(answerHttp(new HttpException('Unsupported Media Type: application/xml', 415))).toEqual({
        status: 415,
        body: {
          statusCode: 415,
          error: 'Unsupported Media Type',
          message: 'send the body as JSON, with the header Content-Type: application/json',
        },
      });
    });

    it('answers an unexpected error with 500 and logs it', () => {
      const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation();
      const bug = new TypeError('x is undefined');
      expect(answerHttp(bug)).toEqual({ status: 500, body: { statusCode: 500, message: 'Internal server error' } });
      expect(logged).toHaveBeenCalledWith(bug);
    });
  });

  describe('over MQTT', () => {
    it('refuses a message that broke a domain rule with a warning naming its topic and reason, and counts it', async () => {
      const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation();
      const filter = new DomainErrorFilter();
      const handled = filter.catch(
        new ConflictError('id: a block named X exists already'),
        mqttHost('eventcast/controller/blocks/create'),
      ) as Observable<never>;
      await expect(lastValueFrom(handled.pipe(toArray()))).resolves.toEqual([]);
      filter.catch(new NotFoundError('id: there is no block named Y'), mqttHost('eventcast/controller/blocks/delete'));
      expect(warned.mock.calls.map(([line]) => line)).toEqual([
        'refused the message on eventcast/controller/blocks/create: id: a block named X exists already (1 refused since start)',
        'refused the message on eventcast/controller/blocks/delete: id: there is no block named Y (2 refused since start)',
      ]);
      expect(filter.refusedMessages).toBe(2);
    });

    it('logs a flood on one topic as its first refusal, then one line per 10 s with the count and the last reason', () => {
      jest.useFakeTimers();
      try {
        const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation();
        const filter = new DomainErrorFilter();
        const topic = 'eventcast/controller/blocks/create';
        for (let index = 1; index <= 12_345; index++)
          filter.catch(new BadRequestError(`bad ${index}`), mqttHost(topic));
        jest.advanceTimersByTime(REFUSAL_LOG_INTERVAL_MS);
        filter.catch(new BadRequestError('bad again'), mqttHost(topic));
        filter.flushLog();
        expect(warned.mock.calls.map(([line]) => line)).toEqual([
          `refused the message on ${topic}: bad 1 (1 refused since start)`,
          `refused 12,344 messages on ${topic} in the last 10 s: bad 12345 (12345 refused since start)`,
          `refused 1 messages on ${topic} in the last 10 s: bad again (12346 refused since start)`,
        ]);
        expect(filter.refusedMessages).toBe(12_346);
      } finally {
        jest.useRealTimers();
      }
    });

    it('logs an unexpected failure as an error with its stack, and counts it', () => {
      const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation();
      const filter = new DomainErrorFilter();
      const bug = new TypeError('x is undefined');
      filter.catch(bug, mqttHost('eventcast/controller/blocks/write'));
      expect(logged).toHaveBeenCalledWith(
        'failed on the message on eventcast/controller/blocks/write (1 refused since start)',
        bug.stack,
      );
      expect(filter.refusedMessages).toBe(1);
    });
  });
});
