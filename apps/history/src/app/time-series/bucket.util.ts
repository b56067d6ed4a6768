import { MICROS_PER_MS, MICROS_PER_SECOND } from '@eventcast/time-series-store';

const SECOND = MICROS_PER_SECOND;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Bucket widths to choose from, smallest first. Round widths keep repeated queries over a moving
 * window on the same width, and every one up to a day divides a day evenly.
 */
const WIDTHS = [
  ...[1, 2, 5, 10, 20, 50, 100, 200, 500].map((ms) => ms * MICROS_PER_MS),
  ...[1, 2, 5, 10, 15, 30].map((s) => s * SECOND),
  ...[1, 2, 5, 10, 15, 30].map((m) => m * MINUTE),
  ...[1, 2, 3, 6, 12].map((h) => h * HOUR),
  ...[1, 2, 7].map((d) => d * DAY),
];

/** Buckets of `width` that cover `[fromUs, toUs]` when aligned on multiples of `width` from the epoch. */
export function bucketCount(fromUs: number, toUs: number, width: number): number {
  return Math.floor(toUs / width) - Math.floor(fromUs / width) + 1;
}

/**
 * The smallest round bucket width (1 ms at least) whose epoch-aligned buckets cover
 * `[fromUs, toUs]` in at most `points` buckets. Beyond a week, widths double.
 */
export function bucketWidth(fromUs: number, toUs: number, points: number): number {
  let width = WIDTHS.find((candidate) => bucketCount(fromUs, toUs, candidate) <= points);
  if (width !== undefined) return width;
  width = WIDTHS[WIDTHS.length - 1];
  while (bucketCount(fromUs, toUs, width) > points) width *= 2;
  return width;
}

/** The start of the bucket of `width` that holds `micros`: a multiple of `width` from the epoch. */
export function bucketStart(micros: number, width: number): number {
  return Math.floor(micros / width) * width;
}
