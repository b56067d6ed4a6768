import { toHistoryNumber } from './history-number';
import { ValueNames } from './value-names';

/** Levels of nesting below `data` that are flattened; deeper objects are dropped. */
export const MAX_FLATTEN_DEPTH = 32;

/**
 * Entries read from one event's `data`: every key and array item counts, whatever it holds (a
 * number, an ignored string or null, a nested object). The rest of the event is dropped. Counting
 * every entry, not only the stored ones, bounds the work even for objects without any number,
 * such as a JS object that refers to itself twice.
 */
export const MAX_VALUES_PER_EVENT = 10_000;

/** The names flattening makes, kept for the next events of the same shape: room for a large installation's fields. */
const valueNames = new ValueNames(50_000);

/** What flattening left out of one event, for the caller to log and count. */
export interface FlattenReport {
  /** Values that are not history numbers (strings that are no plain number, null, ...). */
  ignored: number;
  /** Objects or arrays nested deeper than `MAX_FLATTEN_DEPTH`, dropped with everything inside. */
  tooDeep: number;
  /** True when the event held more than `MAX_VALUES_PER_EVENT` entries and the rest was dropped. */
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
 * the same name, the later one wins. Only own enumerable keys are read, so `__proto__` and
 * `constructor` are ordinary keys. Never throws on JSON data: what is left out is added to
 * `report` (pass one to learn about drops; counts add up when a report is reused).
 */
export function flattenHistoryEvent(
  event: { key: string; data: object },
  report: FlattenReport = emptyFlattenReport(),
): Map<string, number> {
  const values = new Map<string, number>();
  if (typeof event.data === 'object' && event.data !== null) {
    flattenInto(event.data, event.key, 1, MAX_VALUES_PER_EVENT, values, report);
  }
  return values;
}

/**
 * Walks one object at `depth` (1 for the children of `data`); recursion is bounded by
 * `MAX_FLATTEN_DEPTH`. Returns how many entries the event may still read; 0 stops the walk.
 */
function flattenInto(
  node: object,
  prefix: string,
  depth: number,
  budget: number,
  values: Map<string, number>,
  report: FlattenReport,
): number {
  const record = node as Record<string, unknown>;
  const keys = Object.keys(record);
  for (let index = 0; index < keys.length; index++) {
    if (budget === 0) {
      report.truncated = true;
      return 0;
    }
    budget--;
    const key = keys[index];
    const value = record[key];
    const name = valueNames.nameOf(prefix, key);
    if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_FLATTEN_DEPTH) {
        report.tooDeep++;
      } else {
        budget = flattenInto(value, name, depth + 1, budget, values, report);
      }
      continue;
    }
    const number = toHistoryNumber(value);
    if (number === undefined) {
      report.ignored++;
    } else {
      values.set(name, number);
    }
  }
  return budget;
}
