import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from './time-units';

/**
 * The round bucket widths of the history service's `ranges`, in ms, smallest first. Round widths
 * keep repeated queries over a moving window on the same width, and every one up to a day divides
 * a day evenly.
 */
export const ROUND_BUCKET_WIDTHS_MS: readonly number[] = [
  ...[1, 2, 5, 10, 20, 50, 100, 200, 500],
  ...[1, 2, 5, 10, 15, 30].map((s) => s * SECOND_MS),
  ...[1, 2, 5, 10, 15, 30].map((m) => m * MINUTE_MS),
  ...[1, 2, 3, 6, 12].map((h) => h * HOUR_MS),
  ...[1, 2, 7].map((d) => d * DAY_MS),
];

/** Buckets of `width` that cover `[from, to]` when aligned on multiples of `width` from the epoch (all three in one unit). */
export function bucketCount(from: number, to: number, width: number): number {
  return Math.floor(to / width) - Math.floor(from / width) + 1;
}

/**
 * The smallest round bucket width (1 ms at least) whose epoch-aligned buckets cover `[from, to]`
 * in at most `points` buckets, in the unit of `from` and `to`, of which there are `unitsPerMs` in
 * a millisecond (1 for ms, 1,000 for µs). Beyond a week, widths double. A range that holds the
 * epoch or another multiple of every width always takes two buckets: with `points` 1 it gets the
 * first width past both ends' distance from the epoch, beyond which no width gives fewer.
 */
export function bucketWidth(from: number, to: number, points: number, unitsPerMs = 1): number {
  const round = ROUND_BUCKET_WIDTHS_MS.find((ms) => bucketCount(from, to, ms * unitsPerMs) <= points);
  if (round !== undefined) return round * unitsPerMs;
  let width = ROUND_BUCKET_WIDTHS_MS[ROUND_BUCKET_WIDTHS_MS.length - 1] * unitsPerMs;
  // Past twice the larger distance from the epoch, both ends sit in the bucket just before or after
  // it, whatever the width: doubling on would only reach Infinity.
  const farthest = 2 * Math.max(Math.abs(from), Math.abs(to));
  while (bucketCount(from, to, width) > points && width <= farthest) width *= 2;
  return width;
}
