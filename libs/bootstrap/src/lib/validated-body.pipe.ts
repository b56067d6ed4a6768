import { Injectable, PipeTransform } from '@nestjs/common';
import { BadRequestError, TOO_DEEP_PROBLEM, TOO_WIDE_PROBLEM, validateDto } from '@eventcast/domain';
import { mainProblems, unknownFieldProblems } from './body-problems';

/** Problems of the whole body, named alone: its keys were not looked at. */
const WHOLE_BODY_PROBLEMS: ReadonlySet<string> = new Set([TOO_DEEP_PROBLEM, TOO_WIDE_PROBLEM]);

/** What a body pipe does with a key that is not a field of its DTO. */
export interface ValidatedBodyOptions {
  /**
   * `refused` (the default): the body is refused, naming the key and the fields there are;
   * `ignored`: the key is left alone, for bodies whose rules say other fields are ignored (a block).
   */
  otherFields?: 'refused' | 'ignored';
}

/**
 * Checks a request body against the class-validator rules of `dto` and refuses it with a
 * `BadRequestError` (400) naming one problem per field at fault (`mainProblems`) and each key that is
 * not a field of the DTO, unless `otherFields` is `ignored`. It hands on the body as the client sent
 * it, not a class instance, so free fields of a document are kept exactly as given.
 */
@Injectable()
export class ValidatedBodyPipe<T extends object> implements PipeTransform<unknown, T> {
  private readonly refusesOtherFields: boolean;

  constructor(
    private readonly dto: new () => T,
    options: ValidatedBodyOptions = {},
  ) {
    this.refusesOtherFields = (options.otherFields ?? 'refused') === 'refused';
  }

  transform(body: unknown): T {
    const result = validateDto(this.dto, body, mainProblems);
    if (!result.ok && result.problems.some((problem) => WHOLE_BODY_PROBLEMS.has(problem))) {
      throw new BadRequestError(result.problems);
    }
    const unknown = this.refusesOtherFields ? unknownFieldProblems(this.dto, body) : [];
    const problems = [...unknown, ...(result.ok ? [] : result.problems)];
    if (problems.length > 0) throw new BadRequestError(problems);
    return body as T;
  }
}
