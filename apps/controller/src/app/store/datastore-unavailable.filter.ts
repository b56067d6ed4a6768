import { ArgumentsHost, Catch, ExceptionFilter, HttpStatus } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DatastoreUnavailableError } from '../../infra/datastore/datastore.client';

/** Answers 503 with the reason when a call needs the datastore and it cannot be reached. */
@Catch(DatastoreUnavailableError)
export class DatastoreUnavailableFilter implements ExceptionFilter {
  catch(error: DatastoreUnavailableError, host: ArgumentsHost): void {
    host
      .switchToHttp()
      .getResponse<FastifyReply>()
      .status(HttpStatus.SERVICE_UNAVAILABLE)
      .send({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, error: 'Service Unavailable', message: error.message });
  }
}
