import { HOUR_US, MINUTE_US } from '@eventcast/domain';
import { FieldValue, Resolution, TimedValues } from './time-series-store.port';

/** A rollup: per field and bucket of `widthUs`, the sum, count, minimum and maximum of its values. */
export interface Rollup {
  readonly resolution: Exclude<Resolution, 'raw'>;
  readonly widthUs: number;
}

/** The rollups every store keeps (where it can), coarsest first. */
export const ROLLUPS: readonly Rollup[] = [
  { resolution: '1h', widthUs: HOUR_US },
  { resolution: '1m', widthUs: MINUTE_US },
];

/** One stretch `[fromUs, untilUs)` of an averages query and the source its buckets are summed from. */
export interface SourcePiece {
  readonly resolution: Resolution;
  readonly fromUs: number;
  readonly untilUs: number;
}

/**
 * Splits the averages query over `[fromUs, toUs]` (whole buckets of `bucketUs`, as the service asks)
 * between the sources: from the start, the coarsest rollup whose width divides the bucket, up to
 * the time before which it holds every value (`coveredUntil`, cut to its own whole buckets); then
 * the next finer rollup up to its cover; the raw points for the rest. A bucket may take from two
 * sources: its sums are merged (`mergeBucketSums`), so the average is the one of all its values.
 */
export function planSources(
  fromUs: number,
  toUs: number,
  bucketUs: number,
  coveredUntil: (rollup: Rollup) => number,
): SourcePiece[] {
  const pieces: SourcePiece[] = [];
  const endUs = toUs + 1;
  let at = fromUs;
  for (const rollup of ROLLUPS) {
    if (bucketUs % rollup.widthUs !== 0 || at % rollup.widthUs !== 0) continue;
    const untilUs = Math.min(endUs, floorTo(coveredUntil(rollup), rollup.widthUs));
    if (untilUs <= at) continue;
    pieces.push({ resolution: rollup.resolution, fromUs: at, untilUs });
    at = untilUs;
  }
  if (at < endUs) pieces.push({ resolution: 'raw', fromUs: at, untilUs: endUs });
  return pieces;
}

/** The coarsest source of a plan: what a `ranges` answer names as its resolution. */
export function coarsestResolution(pieces: readonly SourcePiece[]): Resolution {
  return pieces[0]?.resolution ?? 'raw';
}

/** The time of the oldest of `events` (Infinity for none): a write older than what a rollup holds makes a backlog. */
export function oldestTime(events: readonly TimedValues[]): number {
  return events.reduce((oldest, event) => Math.min(oldest, event.ts), Infinity);
}

/** The largest multiple of `width` at or below `us` (before 1970 too). */
export function floorTo(us: number, width: number): number {
  return Math.floor(us / width) * width;
}

/** A bucket's sum and count from one source, before the sources are merged. */
export interface BucketSum {
  field: string;
  ts: number;
  total: number;
  count: number;
}

/** The average of each field's bucket over every sum given for it. */
export function mergeBucketSums(sums: readonly BucketSum[]): FieldValue[] {
  const buckets = new Map<string, BucketSum>();
  for (const sum of sums) {
    const key = `${sum.ts}\u0000${sum.field}`;
    const bucket = buckets.get(key);
    if (bucket) {
      bucket.total += sum.total;
      bucket.count += sum.count;
    } else {
      buckets.set(key, { ...sum });
    }
  }
  return [...buckets.values()]
    .filter((bucket) => bucket.count > 0)
    .map(({ field, ts, total, count }) => ({ field, ts, value: total / count }));
}
