/** An age in seconds as people read it: `4 s`, `3 min 2 s`, `5 h 1 min`, `2 d 3 h`. */
export function formatAge(seconds: number): string {
  const s = Math.floor(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}

/** How old a value stored at `timestamp` is at `now` (seconds, never below 0), and whether it is older than `staleAfter` seconds; no value at all is stale. */
export function freshness(
  timestamp: string | undefined,
  now: number,
  staleAfter: number,
): { age?: number; stale: boolean } {
  if (timestamp === undefined) return { stale: true };
  const age = Math.max(0, (now - Date.parse(timestamp)) / 1000);
  return { age, stale: age > staleAfter };
}
