import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '@eventcast/domain';

/** The round bucket widths of the history service's `ranges`, in ms, smallest first (docs/history.md). */
const WIDTHS = [
  ...[1, 2, 5, 10, 20, 50, 100, 200, 500],
  ...[1, 2, 5, 10, 15, 30].map((s) => s * SECOND_MS),
  ...[1, 2, 5, 10, 15, 30].map((m) => m * MINUTE_MS),
  ...[1, 2, 3, 6, 12].map((h) => h * HOUR_MS),
  ...[1, 2, 7].map((d) => d * DAY_MS),
];

function bucketCount(from: number, to: number, width: number): number {
  return Math.floor(to / width) - Math.floor(from / width) + 1;
}

/**
 * The bucket width in ms the history service picks for `ranges` over `[from, to]` (epoch ms) with
 * `points`: the smallest round width whose epoch-aligned buckets cover the range in at most
 * `points`, doubling past a week.
 */
export function bucketWidth(from: number, to: number, points: number): number {
  const width = WIDTHS.find((candidate) => bucketCount(from, to, candidate) <= points);
  if (width !== undefined) return width;
  let doubled = WIDTHS[WIDTHS.length - 1];
  while (bucketCount(from, to, doubled) > points && doubled < 1e15) doubled *= 2;
  return doubled;
}

/** A width as the graph shows it: `500 ms`, `5 s`, `15 min`, `6 h`, `7 d`. */
export function formatWidth(ms: number): string {
  if (ms < SECOND_MS) return `${ms} ms`;
  if (ms < MINUTE_MS) return `${ms / SECOND_MS} s`;
  if (ms < HOUR_MS) return `${ms / MINUTE_MS} min`;
  if (ms < DAY_MS) return `${ms / HOUR_MS} h`;
  return `${+(ms / DAY_MS).toFixed(2)} d`;
}
