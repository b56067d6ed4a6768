import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import {
  hasObjectWiderThan,
  MAX_NESTING_DEPTH,
  MAX_OBJECT_KEYS,
  nestsDeeperThan,
  TOO_DEEP_PROBLEM,
  TOO_WIDE_PROBLEM,
} from './nesting-depth.util';

/** The outcome of validating a plain value against a DTO class. */
export type Validated<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/**
 * Keys class-transformer cannot copy: it takes an object's `constructor` for its class (a nested
 * `{"constructor": 1}` made it throw "Cannot read properties of undefined", a 500), and assigning
 * `__proto__` sets a prototype. No DTO has a field of those names.
 */
const TRANSFORMER_TRAPS: ReadonlySet<string> = new Set(['constructor', '__proto__']);

/**
 * Validates `plain` against the class-validator rules of `dto` and names every problem with its
 * path (`changed.0.id must be ...`), so a 400 answer or a log line can list them all. A value
 * nested more than `MAX_NESTING_DEPTH` levels deep is refused before class-transformer copies it
 * (by recursion, which such a value would take past the stack's end: a `RangeError`), and so is one
 * with an object of more than `MAX_OBJECT_KEYS` keys (whose copy takes time quadratic in them). `__proto__`
 * keys and nested `constructor` keys are left out of the instance (see `TRANSFORMER_TRAPS`); a
 * caller that hands on `plain` keeps them. `describe` words the failed constraints (default: every one,
 * `describeProblems`).
 */
export function validateDto<T extends object>(
  dto: new () => T,
  plain: unknown,
  describe: (errors: ValidationError[]) => string[] = describeProblems,
): Validated<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return { ok: false, problems: ['the body must be a JSON object'] };
  }
  if (nestsDeeperThan(plain, MAX_NESTING_DEPTH)) return { ok: false, problems: [TOO_DEEP_PROBLEM] };
  if (hasObjectWiderThan(plain, MAX_OBJECT_KEYS)) return { ok: false, problems: [TOO_WIDE_PROBLEM] };
  const trapped = Object.hasOwn(plain, '__proto__') || hasNestedKeyOf(plain, TRANSFORMER_TRAPS);
  const value = plainToInstance(dto, trapped ? withoutTraps(plain) : plain);
  // whitelist stays off: a document's free fields are data, not unknown properties.
  const errors = validateSync(value, {
    whitelist: false,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
  });
  return errors.length === 0 ? { ok: true, value } : { ok: false, problems: describe(errors) };
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

/** Whether an object or array inside `value` (not `value` itself) has an own key in `keys`. */
function hasNestedKeyOf(value: unknown, keys: ReadonlySet<string>): boolean {
  const pending = typeof value === 'object' && value !== null ? Object.values(value) : [];
  for (let next = pending.pop(); next !== undefined || pending.length > 0; next = pending.pop()) {
    if (typeof next !== 'object' || next === null) continue;
    for (const key of Object.keys(next)) {
      if (keys.has(key)) return true;
      pending.push((next as Record<string, unknown>)[key]);
    }
  }
  return false;
}

/**
 * A copy of `value` without its `__proto__` key and the `TRANSFORMER_TRAPS` keys below its top level
 * (where `constructor` is an ordinary field of the DTO's object); the depth is checked before, so
 * recursion is safe.
 */
function withoutTraps(value: unknown, top = true): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutTraps(item, false));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '__proto__' || (!top && TRANSFORMER_TRAPS.has(key))) continue;
    copy[key] = withoutTraps(child, false);
  }
  return copy;
}
