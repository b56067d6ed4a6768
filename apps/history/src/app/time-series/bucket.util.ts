import { DAY_US, HOUR_US, MINUTE_US } from '@eventcast/domain';
import { MICROS_PER_MS, MICROS_PER_SECOND } from '@eventcast/time-series-store';

/**
 * Bucket widths to choose from, smallest first. Round widths keep repeated queries over a moving
 * window on the same width, and every one up to a day divides a day evenly.
 */
const WIDTHS = [
  ...[1, 2, 5, 10, 20, 50, 100, 200, 500].map((ms) => ms * MICROS_PER_MS),
  ...[1, 2, 5, 10, 15, 30].map((s) => s * MICROS_PER_SECOND),
  ...[1, 2, 5, 10, 15, 30].map((m) => m * MINUTE_US),
  ...[1, 2, 3, 6, 12].map((h) => h * HOUR_US),
  ...[1, 2, 7].map((d) => d * DAY_US),
];

/** Buckets of `width` that cover `[fromUs, toUs]` when aligned on multiples of `width` from the epoch. */
export function bucketCount(fromUs: number, toUs: number, width: number): number {
  return Math.floor(toUs / width) - Math.floor(fromUs / width) + 1;
}

/**
 * The smallest round bucket width (1 ms at least) whose epoch-aligned buckets cover
 * `[fromUs, toUs]` in at most `points` buckets. Beyond a week, widths double. A range that holds
 * the epoch or another multiple of every width always takes two buckets: with `points` 1 it gets
 * the first width past both ends' distance from the epoch, beyond which no width gives fewer.
 */
export function bucketWidth(fromUs: number, toUs: number, points: number): number {
  let width = WIDTHS.find((candidate) => bucketCount(fromUs, toUs, candidate) <= points);
  if (width !== undefined) return width;
  width = WIDTHS[WIDTHS.length - 1];
  // Past twice the larger distance from the epoch, both ends sit in the bucket just before or after
  // it, whatever the width: doubling on would only reach Infinity.
  const farthest = 2 * Math.max(Math.abs(fromUs), Math.abs(toUs));
  while (bucketCount(fromUs, toUs, width) > points && width <= farthest) width *= 2;
  return width;
}

/** The start of the bucket of `width` that holds `micros`: a multiple of `width` from the epoch. */
export function bucketStart(micros: number, width: number): number {
  return Math.floor(micros / width) * width;
}
