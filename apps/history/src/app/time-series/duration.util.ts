import { BadRequestError, DAY_US, HOUR_US, MINUTE_US } from '@eventcast/domain';
import { MICROS_PER_MS, MICROS_PER_SECOND } from '@eventcast/time-series-store';

const UNIT_MICROS: Record<string, number> = {
  ms: MICROS_PER_MS,
  s: MICROS_PER_SECOND,
  m: MINUTE_US,
  h: HOUR_US,
  d: DAY_US,
  w: 7 * DAY_US,
};

/** The longest duration a query takes: 10,000 years of 365.25 days, the span of the times it takes (`MAX_TIME_US`). */
export const MAX_DURATION_US = 10_000 * 365.25 * DAY_US;

const PLAIN_NUMBER = /^\d+(?:\.\d+)?$/;
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d|w))+$/;
const DURATION_PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g;

/**
 * A duration in microseconds from `"10m"`, `"1d"`, `"2h10m"`, `"1.5h"`, `"500ms"`, or a number of
 * seconds (a JSON number or a string holding one). Units: ms, s, m, h, d, w. Zero and negative
 * durations, and durations longer than `MAX_DURATION_US` (10,000 years), are refused: `what` names
 * the body field in the 400 answer.
 */
export function parseDuration(input: unknown, what: string): number {
  const micros = durationMicros(input);
  if (micros === undefined || !(micros > 0)) {
    throw new BadRequestError(
      `${what} must be a positive duration such as "10m", "1d", "2h10m" or a number of seconds (got ${JSON.stringify(input)})`,
    );
  }
  if (micros > MAX_DURATION_US)
    throw new BadRequestError(`${what} must be at most 10000 years (got ${JSON.stringify(input)})`);
  return micros;
}

function durationMicros(input: unknown): number | undefined {
  if (typeof input === 'number') return Number.isFinite(input) ? Math.round(input * MICROS_PER_SECOND) : undefined;
  if (typeof input !== 'string') return undefined;
  const text = input.trim();
  if (PLAIN_NUMBER.test(text)) return Math.round(Number(text) * MICROS_PER_SECOND);
  if (!DURATION.test(text)) return undefined;
  let micros = 0;
  for (const [, amount, unit] of text.matchAll(DURATION_PART)) micros += Number(amount) * UNIT_MICROS[unit];
  return Math.round(micros);
}
