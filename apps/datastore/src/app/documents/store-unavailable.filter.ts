import { ArgumentsHost, Catch, ExceptionFilter, HttpStatus } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { StoreUnavailableError } from '../../infra/document-store.port';

/** Answers 503 with the reason when the document store cannot be reached. */
@Catch(StoreUnavailableError)
export class StoreUnavailableFilter implements ExceptionFilter {
  catch(error: StoreUnavailableError, host: ArgumentsHost): void {
    host
      .switchToHttp()
      .getResponse<FastifyReply>()
      .status(HttpStatus.SERVICE_UNAVAILABLE)
      .send({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, error: 'Service Unavailable', message: error.message });
  }
}
