import { DAY_MS, SECOND_MS } from '@eventcast/domain';

/** A time on a wall clock in some time zone, to the second; `month` 1-12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows `timeZone` as an IANA time zone. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** What a wall clock in `timeZone` shows at `instantMs`. */
export function wallTimeAt(instantMs: number, timeZone: string): WallTime {
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterOf(timeZone).formatToParts(instantMs)) {
    if (part.type in wall) wall[part.type as keyof WallTime] = Number(part.value);
  }
  return wall;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instantMs`. */
function offsetMsAt(instantMs: number, timeZone: string): number {
  const wall = wallTimeAt(instantMs, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instantMs / SECOND_MS) * SECOND_MS;
}

/**
 * The first instant at which `timeZone`'s wall clock shows the minute `wallAsUtcMs` (that wall
 * time read as if it were UTC), or undefined when the clock skips it (the hour lost to daylight
 * saving time). A minute the clock shows twice (the hour repeated in autumn) gives its first.
 */
export function firstInstantOfWallMinute(wallAsUtcMs: number, timeZone: string): number | undefined {
  // The offsets a day either side cover both sides of any change of offset near that minute.
  const offsets = new Set([offsetMsAt(wallAsUtcMs - DAY_MS, timeZone), offsetMsAt(wallAsUtcMs + DAY_MS, timeZone)]);
  let first: number | undefined;
  for (const offsetMs of offsets) {
    const instantMs = wallAsUtcMs - offsetMs;
    const shown = offsetMsAt(instantMs, timeZone) === offsetMs;
    if (shown && (first === undefined || instantMs < first)) first = instantMs;
  }
  return first;
}

/** `HH:MM` of a wall time. */
export function clockText(wall: WallTime): string {
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  return `${twoDigits(wall.hour)}:${twoDigits(wall.minute)}`;
}
