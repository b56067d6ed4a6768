import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { MAX_NESTING_DEPTH, nestsDeeperThan, TOO_DEEP_PROBLEM } from './nesting-depth.util';

/** The outcome of validating a plain value against a DTO class. */
export type Validated<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/**
 * Validates `plain` against the class-validator rules of `dto` and names every problem with its
 * path (`changed.0.id must be ...`), so a 400 answer or a log line can list them all. A value
 * nested more than `MAX_NESTING_DEPTH` levels deep is refused before class-transformer copies it
 * (by recursion, which such a value would take past the stack's end: a `RangeError`).
 */
export function validateDto<T extends object>(dto: new () => T, plain: unknown): Validated<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return { ok: false, problems: ['the body must be a JSON object'] };
  }
  if (nestsDeeperThan(plain, MAX_NESTING_DEPTH)) return { ok: false, problems: [TOO_DEEP_PROBLEM] };
  const value = plainToInstance(dto, plain);
  // whitelist stays off: a document's free fields are data, not unknown properties.
  const errors = validateSync(value, {
    whitelist: false,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
  });
  return errors.length === 0 ? { ok: true, value } : { ok: false, problems: describeProblems(errors) };
}

/** Every constraint that failed, as `<path> <message>`. */
export function describeProblems(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent === '' ? error.property : `${parent}.${error.property}`;
    const own = Object.values(error.constraints ?? {}).map(
      (message) => `${path} ${withoutProperty(message, error.property)}`,
    );
    return [...own, ...describeProblems(error.children ?? [], path)];
  });
}

/** class-validator starts its own messages with the property name; the path replaces it. */
function withoutProperty(message: string, property: string): string {
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}
