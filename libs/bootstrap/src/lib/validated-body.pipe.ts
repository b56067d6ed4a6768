import { Injectable, PipeTransform } from '@nestjs/common';
import { BadRequestError, validateDto } from '@eventcast/domain';

/**
 * Checks a request body against the class-validator rules of `dto` and refuses it with a
 * `BadRequestError` naming every problem (400). It hands on the body as the client sent it, not a
 * class instance, so free fields of a document are kept exactly as given.
 */
@Injectable()
export class ValidatedBodyPipe<T extends object> implements PipeTransform<unknown, T> {
  constructor(private readonly dto: new () => T) {}

  transform(body: unknown): T {
    const result = validateDto(this.dto, body);
    if (!result.ok) throw new BadRequestError(result.problems);
    return body as T;
  }
}
