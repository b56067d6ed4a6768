import { DAY_MS, MINUTE_MS } from '@eventcast/domain';
import { CronExpression, parseCron } from './cron-expression';
import { firstInstantOfWallMinute, isKnownTimeZone, wallTimeAt } from './zoned-time';

/** A schedule's time zone unless it names one. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** Long enough to meet a 29 February even across a century year that is not a leap year. */
const SEARCH_DAYS = 8 * 366 + 1;

/**
 * What is wrong with a five-field cron expression (see `parseCron`) in an IANA time zone, as one
 * sentence, or undefined when it is fine.
 */
export function cronProblem(cron: string, timeZone?: string): string | undefined {
  const expression = zonedCron(cron, timeZone ?? DEFAULT_TIME_ZONE);
  return typeof expression === 'string' ? expression : undefined;
}

function zonedCron(cron: string, timeZone: string): CronExpression | string {
  return isKnownTimeZone(timeZone) ? parseCron(cron) : `time zone "${timeZone}" is not an IANA time zone`;
}

/**
 * The first time after `afterMs` at which the cron expression matches the wall clock of
 * `timeZone` (UTC unless given), or undefined when it does not within eight years (a 29 February
 * that must also be a Sunday). On the day daylight saving time
 * starts, a time the clock skips does not happen; on the day it ends, a time the clock shows twice
 * happens once, the first time. Throws on an expression that `cronProblem` refuses.
 */
export function nextCronMs(cron: string, timeZone: string | undefined, afterMs: number): number | undefined {
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  const expression = zonedCron(cron, zone);
  if (typeof expression === 'string') throw new Error(expression);
  const start = wallTimeAt(afterMs, zone);
  let dayAsUtcMs = Date.UTC(start.year, start.month - 1, start.day);
  let fromMinuteOfDay = start.hour * 60 + start.minute + 1;
  for (let days = 0; days < SEARCH_DAYS; days++, dayAsUtcMs += DAY_MS, fromMinuteOfDay = 0) {
    const day = new Date(dayAsUtcMs);
    if (!expression.matchesDay(day.getUTCMonth() + 1, day.getUTCDate(), day.getUTCDay())) continue;
    for (const hour of expression.hours) {
      for (const minute of expression.minutes) {
        const minuteOfDay = hour * 60 + minute;
        if (minuteOfDay < fromMinuteOfDay) continue;
        // An earlier first instant is a repeated minute that already happened before `afterMs`.
        const instantMs = firstInstantOfWallMinute(dayAsUtcMs + minuteOfDay * MINUTE_MS, zone);
        if (instantMs !== undefined && instantMs > afterMs) return instantMs;
      }
    }
  }
  return undefined;
}
