import { BadRequestError } from '@eventcast/domain';
import { MICROS_PER_MS, MICROS_PER_SECOND } from '@eventcast/time-series-store';

/** Epoch numbers above this are milliseconds, below it seconds (1e10 s is the year 2286). */
const EPOCH_MILLISECONDS_ABOVE = 1e10;

/** The earliest time a query takes, 0000-01-01T00:00:00Z, in microseconds since the epoch. */
export const MIN_TIME_US = Date.parse('0000-01-01T00:00:00Z') * MICROS_PER_MS;
/**
 * The latest time a query takes, 10000-01-01T00:00:00Z: every ISO 8601 time with a four-digit year
 * is before it, and stores and formatting stay far from their limits. (Beyond 2255, 2^53 µs after
 * 1970, a number no longer holds every microsecond: a time there is rounded to 32 µs or so.)
 */
export const MAX_TIME_US = Date.parse('+010000-01-01T00:00:00Z') * MICROS_PER_MS;

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A point in time, in microseconds since the epoch, from an ISO 8601 text (`2024-05-01T12:00:00Z`,
 * a date alone, fractions down to the microsecond; no offset means UTC) or an epoch number (a JSON
 * number or a string holding one): above 1e10 it counts milliseconds, else seconds. Only the years
 * 0 to 9999 are taken (`MIN_TIME_US` to `MAX_TIME_US`, the first instant of the year 10000). `what` names the body field in the 400 answer.
 */
export function parseTime(input: unknown, what: string): number {
  const micros = timeMicros(input);
  if (micros === undefined) {
    throw new BadRequestError(
      `${what} must be an ISO 8601 time or an epoch number in seconds or milliseconds (got ${JSON.stringify(input)})`,
    );
  }
  if (!(micros >= MIN_TIME_US && micros <= MAX_TIME_US)) {
    throw new BadRequestError(`${what} must lie between the years 0 and 10000 (got ${JSON.stringify(input)})`);
  }
  return micros;
}

function timeMicros(input: unknown): number | undefined {
  if (typeof input === 'number') return Number.isFinite(input) ? epochMicros(input) : undefined;
  if (typeof input !== 'string') return undefined;
  const text = input.trim();
  return PLAIN_NUMBER.test(text) ? epochMicros(Number(text)) : isoMicros(text);
}

function epochMicros(epoch: number): number {
  return Math.round(Math.abs(epoch) > EPOCH_MILLISECONDS_ABOVE ? epoch * MICROS_PER_MS : epoch * MICROS_PER_SECOND);
}

function isoMicros(text: string): number | undefined {
  const match = ISO_8601.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  // setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second);
  // The date rolls 2024-02-30 over into March; a real ISO date must come back unchanged.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const fraction = Number((match[7] ?? '').slice(0, 6).padEnd(6, '0'));
  return date.getTime() * MICROS_PER_MS + fraction - offsetMicros(match[8]);
}

function offsetMicros(zone: string | undefined): number {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return (zone[0] === '-' ? -1 : 1) * minutes * 60 * MICROS_PER_SECOND;
}
