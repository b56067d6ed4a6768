import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '@eventcast/domain';

/** A width as the graph shows it: `500 ms`, `5 s`, `15 min`, `6 h`, `7 d`. */
export function formatWidth(ms: number): string {
  if (ms < SECOND_MS) return `${ms} ms`;
  if (ms < MINUTE_MS) return `${ms / SECOND_MS} s`;
  if (ms < HOUR_MS) return `${ms / MINUTE_MS} min`;
  if (ms < DAY_MS) return `${ms / HOUR_MS} h`;
  return `${+(ms / DAY_MS).toFixed(2)} d`;
}
