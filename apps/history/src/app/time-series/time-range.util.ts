import { BadRequestError } from '@eventcast/domain';
import { formatIsoMicros } from '@eventcast/time-series-store';
import { parseDuration } from './duration.util';
import { MAX_TIME_US, MIN_TIME_US, parseTime } from './time.util';

/** The time fields of a query body, as the client sent them. */
export interface TimeRangeInput {
  start?: unknown;
  end?: unknown;
  duration?: unknown;
}

/** The times a query covers, both ends included; `live` when it has no fixed end and follows new data. */
export interface TimeRange {
  fromUs: number;
  toUs: number;
  live: boolean;
}

/**
 * Resolves at most two of start, end and duration to a range: start+end, start+duration and
 * end+duration fix both ends; start alone runs to now; duration alone is the last `duration`
 * before now; end alone is the `defaultDuration` before it; nothing at all is the
 * `defaultDuration` before now. Ranges ending "now" are live. A range reaching past the times a
 * query takes (the years 0 to 9999) is cut to them.
 */
export function resolveTimeRange(input: TimeRangeInput, nowUs: number, defaultDuration: string): TimeRange {
  const range = uncutTimeRange(input, nowUs, defaultDuration);
  return { ...range, fromUs: Math.max(range.fromUs, MIN_TIME_US), toUs: Math.min(range.toUs, MAX_TIME_US) };
}

function uncutTimeRange(input: TimeRangeInput, nowUs: number, defaultDuration: string): TimeRange {
  const given = (['start', 'end', 'duration'] as const).filter(
    (key) => input[key] !== undefined && input[key] !== null,
  );
  if (given.length === 3) throw new BadRequestError('give at most two of start, end and duration');
  const start = given.includes('start') ? parseTime(input.start, 'start') : undefined;
  const end = given.includes('end') ? parseTime(input.end, 'end') : undefined;
  const duration = parseDuration(given.includes('duration') ? input.duration : defaultDuration, 'duration');

  if (start !== undefined && end !== undefined) {
    if (end < start)
      throw new BadRequestError(`end (${formatIsoMicros(end)}) is before start (${formatIsoMicros(start)})`);
    return { fromUs: start, toUs: end, live: false };
  }
  if (start !== undefined) {
    return given.includes('duration')
      ? { fromUs: start, toUs: start + duration, live: false }
      : { fromUs: start, toUs: nowUs, live: true };
  }
  if (end !== undefined) return { fromUs: end - duration, toUs: end, live: false };
  return { fromUs: nowUs - duration, toUs: nowUs, live: true };
}
