/** One field's points, oldest first, in typed arrays: times in epoch ms, values as numbers. */
export interface Series {
  times: Float64Array;
  values: Float64Array;
}

/** The series of `[epoch_ms, value]` pairs as the history service answers them (sorted by time). */
export function seriesOf(pairs: readonly (readonly number[])[]): Series {
  const times = new Float64Array(pairs.length);
  const values = new Float64Array(pairs.length);
  pairs.forEach(([time, value], i) => {
    times[i] = time;
    values[i] = value;
  });
  return { times, values };
}

/** `series` with each value turned by `convert` (into another unit), times kept. */
export function convertSeries(series: Series, convert: (value: number) => number): Series {
  return { times: series.times, values: series.values.map(convert) };
}

/**
 * One series of the points of several (each sorted by time), sorted by time; points of the same
 * time become their mean, as the values of one bucket do.
 */
export function joinSeries(parts: readonly Series[]): Series {
  const filled = parts.filter((part) => part.times.length > 0);
  if (filled.length <= 1) return filled[0] ?? seriesOf([]);
  const points = filled.flatMap(({ times, values }) => Array.from(times, (time, i) => [time, values[i]]));
  points.sort((a, b) => a[0] - b[0]);
  const joined: number[][] = [];
  let count = 0;
  for (const [time, value] of points) {
    const last = joined[joined.length - 1];
    if (last && last[0] === time) {
      count += 1;
      last[1] += (value - last[1]) / count;
    } else {
      joined.push([time, value]);
      count = 1;
    }
  }
  return seriesOf(joined);
}

/**
 * `series` with the buckets of a live update merged in: a bucket whose time is already there
 * replaces it, newer ones are appended, and buckets before `from` (the start of a sliding window)
 * are dropped. The update's buckets are sorted and start at most a few buckets before the end.
 */
export function mergeBuckets(series: Series, update: Series, from = -Infinity): Series {
  const firstNew = update.times.length > 0 ? update.times[0] : Infinity;
  let keepFrom = lowerBound(series.times, from);
  const keepTo = lowerBound(series.times, firstNew);
  if (keepFrom > keepTo) keepFrom = keepTo;
  const updateFrom = lowerBound(update.times, from);
  const length = keepTo - keepFrom + update.times.length - updateFrom;
  const times = new Float64Array(length);
  const values = new Float64Array(length);
  times.set(series.times.subarray(keepFrom, keepTo));
  values.set(series.values.subarray(keepFrom, keepTo));
  times.set(update.times.subarray(updateFrom), keepTo - keepFrom);
  values.set(update.values.subarray(updateFrom), keepTo - keepFrom);
  return { times, values };
}

/** The first index of `sorted` holding a value at least `value`. */
function lowerBound(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The data as uPlot draws it: times in seconds (shared by all fields) and one column per field.
 * A cell is `undefined` where the field has no value at that time and the line goes on past it,
 * and `null` where the line breaks: every time between two of the field's values that lie further
 * apart than its {@link gapThreshold} holds a `null` (uPlot clears a gap only from the time before
 * a `null` to the time after it, so one `null` amid other fields' times would leave the line
 * joined but for a pixel or two); a time in the middle of the gap is added for the purpose.
 */
export type AlignedColumns = [Float64Array, ...(number | null | undefined)[][]];

/** The series of several fields on one time axis, with their gaps; see {@link AlignedColumns}. */
export function alignSeries(series: readonly Series[], bucketMs: number): AlignedColumns {
  const gapEnds = series.map((one) => gapsOf(one, gapThreshold(one, bucketMs)));
  const all = new Set<number>();
  series.forEach((one, i) => {
    for (const time of one.times) all.add(time);
    for (const end of gapEnds[i]) all.add(Math.floor((one.times[end - 1] + one.times[end]) / 2));
  });
  const times = Float64Array.from(all).sort();
  const position = new Map<number, number>();
  times.forEach((time, i) => position.set(time, i));
  const columns = series.map((one, i) => {
    const column: (number | null | undefined)[] = new Array(times.length);
    const at = (j: number) => position.get(one.times[j]) as number;
    for (const end of gapEnds[i]) column.fill(null, at(end - 1) + 1, at(end));
    one.times.forEach((_, j) => (column[at(j)] = one.values[j]));
    return column;
  });
  const seconds = times.map((time) => time / 1000);
  return [seconds, ...columns];
}

/** The index of each value of `series` that lies more than `gapAfter` ms after the one before it. */
function gapsOf({ times }: Series, gapAfter: number): number[] {
  const ends: number[] = [];
  for (let i = 1; i < times.length; i++) {
    if (times[i] - times[i - 1] > gapAfter) ends.push(i);
  }
  return ends;
}

/**
 * How far apart two values of a field may lie before its line breaks: three buckets (the service
 * leaves empty buckets out), or five of the field's own usual steps when it is written less often
 * than once a bucket, so a field written once a minute on a graph of 5 s buckets is still a line.
 */
export function gapThreshold({ times }: Series, bucketMs: number): number {
  const steps: number[] = [];
  for (let i = 1; i < times.length; i++) steps.push(times[i] - times[i - 1]);
  steps.sort((a, b) => a - b);
  const usual = steps.length > 0 ? steps[Math.floor(steps.length / 2)] : 0;
  return Math.max(3 * bucketMs, 5 * usual);
}

/** The indexes of the times at which at least one field has a value: the rows of the data table. */
export function rowsWithValues([times, ...columns]: AlignedColumns): number[] {
  const rows: number[] = [];
  for (let i = 0; i < times.length; i++) {
    if (columns.some((column) => typeof column[i] === 'number')) rows.push(i);
  }
  return rows;
}
