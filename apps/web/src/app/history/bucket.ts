const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The round bucket widths of the history service's `ranges`, in ms, smallest first (docs/history.md). */
const WIDTHS = [
  ...[1, 2, 5, 10, 20, 50, 100, 200, 500],
  ...[1, 2, 5, 10, 15, 30].map((s) => s * SECOND),
  ...[1, 2, 5, 10, 15, 30].map((m) => m * MINUTE),
  ...[1, 2, 3, 6, 12].map((h) => h * HOUR),
  ...[1, 2, 7].map((d) => d * DAY),
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
  if (ms < SECOND) return `${ms} ms`;
  if (ms < MINUTE) return `${ms / SECOND} s`;
  if (ms < HOUR) return `${ms / MINUTE} min`;
  if (ms < DAY) return `${ms / HOUR} h`;
  return `${+(ms / DAY).toFixed(2)} d`;
}
