import { toHistoryNumber } from './history-number';

/** Levels of nesting below `data` that are flattened; deeper objects are dropped. */
export const MAX_FLATTEN_DEPTH = 32;

/** Values kept from one event; the rest of the event is dropped. */
export const MAX_VALUES_PER_EVENT = 10_000;

/** What flattening left out of one event, for the caller to log and count. */
export interface FlattenReport {
  /** Values that are not history numbers (strings that are no plain number, null, ...). */
  ignored: number;
  /** Objects or arrays nested deeper than `MAX_FLATTEN_DEPTH`, dropped with everything inside. */
  tooDeep: number;
  /** True when the event held more than `MAX_VALUES_PER_EVENT` values and the rest was dropped. */
  truncated: boolean;
}

/** A fresh report with nothing dropped. */
export function emptyFlattenReport(): FlattenReport {
  return { ignored: 0, tooDeep: 0, truncated: false };
}

/**
 * Flattens a history event into numeric named values. A value's name is the event's `key`, then
 * the key of every parent object (the index for array items), then its own key, joined by `/`
 * without escaping: `{key: "k", data: {a: {b: 1}}}` gives `k/a/b` = 1. Values are converted by
 * `toHistoryNumber`; the others, empty objects and empty arrays yield nothing. When two paths give
 * the same name, the later one wins. Never throws: what is left out is counted in `report`.
 */
export function flattenHistoryEvent(event: { key: string; data: object }, report: FlattenReport = emptyFlattenReport()): Map<string, number> {
  const values = new Map<string, number>();
  if (typeof event.data === 'object' && event.data !== null) {
    flattenInto(event.data, event.key, 1, values, report);
  }
  return values;
}

/** Returns false once the value limit is reached, to stop the walk. */
function flattenInto(node: object, prefix: string, depth: number, values: Map<string, number>, report: FlattenReport): boolean {
  const record = node as Record<string, unknown>;
  const keys = Object.keys(record);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    const value = record[key];
    const name = prefix + '/' + key;
    if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_FLATTEN_DEPTH) {
        report.tooDeep++;
      } else if (!flattenInto(value, name, depth + 1, values, report)) {
        return false;
      }
      continue;
    }
    const number = toHistoryNumber(value);
    if (number === undefined) {
      report.ignored++;
      continue;
    }
    if (values.size >= MAX_VALUES_PER_EVENT && !values.has(name)) {
      report.truncated = true;
      return false;
    }
    values.set(name, number);
  }
  return true;
}
