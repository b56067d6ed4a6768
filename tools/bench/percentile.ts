/**
 * The p-th percentile of `values`, in any order (a sorted copy is read): the smallest value that
 * at least p % of the values do not exceed; NaN when there are none.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
