import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '@eventcast/domain';

/** A value as a notification shows it: numbers to two decimals, a unit after them when given. */
export function valueText(value: number | string | boolean | null | undefined, unit?: string): string {
  if (value === null || value === undefined) return 'unknown';
  if (typeof value !== 'number') return String(value);
  const rounded = String(Math.round(value * 100) / 100);
  return unit === undefined ? rounded : `${rounded} ${unit}`;
}

const DURATION_PARTS: readonly [number, string][] = [
  [DAY_MS, 'd'],
  [HOUR_MS, 'h'],
  [MINUTE_MS, 'min'],
  [SECOND_MS, 's'],
];

/** A number of seconds as `1 h 30 min`, `45 s`, `2 d`. */
export function durationText(seconds: number): string {
  let restMs = Math.round(seconds * SECOND_MS);
  const parts: string[] = [];
  for (const [partMs, symbol] of DURATION_PARTS) {
    const count = Math.floor(restMs / partMs);
    restMs -= count * partMs;
    if (count > 0) parts.push(`${count} ${symbol}`);
  }
  return parts.length === 0 ? '0 s' : parts.join(' ');
}

/** ` for 10 min` after a condition that had to last, nothing when it fired at once. */
export function forText(forS: number): string {
  return forS > 0 ? ` for ${durationText(forS)}` : '';
}
