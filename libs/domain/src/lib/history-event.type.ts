/** A history event: every numeric value of `data` is stored under a name that starts with `key`. */
export interface HistoryEvent {
  key: string;
  data: Record<string, unknown>;
}
