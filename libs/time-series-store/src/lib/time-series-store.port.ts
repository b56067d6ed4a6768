import { StoreUnavailableError } from '@eventcast/domain';
import { Annotation, AnnotationQuery } from './annotations';

/** The values of one history event, all stamped with its receive time, or the annotation an event brought. */
export interface TimedValues {
  /** Receive time in microseconds since the epoch; strictly increasing within one history instance. */
  readonly ts: number;
  /** Flattened name -> number. */
  readonly values: ReadonlyMap<string, number>;
  /** A change on a controller or a user's note, written with the values of the same batch. */
  readonly annotation?: Annotation;
}

/** One stored value (or one bucket average, where `ts` is the bucket start), `ts` in microseconds. */
export interface FieldValue {
  field: string;
  ts: number;
  value: number;
}

/** A field and the time of its latest value, in microseconds. */
export interface FieldTime {
  field: string;
  ts: number;
}

/** Where the buckets of a `ranges` answer were summed: the raw points, or a rollup of minutes or hours. */
export type Resolution = 'raw' | '1m' | '1h';

/** The bucket averages of a `ranges` query, and the coarsest source they were summed from. */
export interface BucketAverages {
  resolution: Resolution;
  values: FieldValue[];
}

/**
 * How long values are kept, in whole days of microseconds; unset: for ever. Rollups are kept at
 * least as long as the raw points (the configuration checks it).
 */
export interface Retention {
  readonly rawUs?: number;
  readonly rollupUs?: number;
}

/** The name of the one narrow table each adapter keeps: `ts`, `field`, `value`. */
export const HISTORY_TABLE = 'history_values';

/** The error a read rejects with when the store cannot answer it (see `TimeSeriesStore`). */
export function storeUnanswered(reason: unknown): StoreUnavailableError {
  return new StoreUnavailableError(
    `the time-series store could not answer: ${reason instanceof Error ? reason.message : String(reason)}`,
  );
}

/**
 * Where history values live: one narrow table of `(ts, field, value)`, and beside it the
 * annotations that explain them, kept as long as the raw values. Every adapter passes the
 * one contract suite in `libs/time-series-store/test/time-series-store.contract.ts`. Time bounds are
 * microseconds since the epoch and include both ends. A read the store cannot answer rejects with
 * `storeUnanswered(reason)`.
 */
export abstract class TimeSeriesStore {
  /** What the store is, for the start-up log: the file or the server. */
  abstract readonly description: string;

  /** Whether the store keeps rollups (QuestDB 8.x has none); known once it is open and reachable. */
  abstract readonly hasRollups: boolean;

  /** Prepares the store (creates the table when missing). */
  abstract open(): Promise<void>;

  /**
   * Stores the values and annotations of the given events in one batch; rejects when the store
   * cannot take them: with `storeUnanswered(reason)` when the fault is not the batch's (a full disk),
   * so that the batch waits instead of being dropped. A batch written again (after a failure) adds
   * no second copy of an annotation.
   */
  abstract write(events: readonly TimedValues[]): Promise<void>;

  /**
   * Resolves `true` once every write that has resolved so far can be read, or `false` when the
   * store has not said so within `timeoutMs` (or could not be asked). A store that makes a write
   * readable as it returns resolves at once; QuestDB applies its write-ahead log a moment later.
   */
  readable(_timeoutMs: number): Promise<boolean> {
    return Promise.resolve(true);
  }

  /**
   * Every field with its latest time, in no particular order: what the service's field catalogue is
   * loaded from at start (it follows the writes after that).
   */
  abstract fieldTimes(): Promise<FieldTime[]>;

  /**
   * The average of each of `fields` per bucket of `bucketUs`, buckets aligned on multiples of
   * `bucketUs` from the epoch, over values in `[fromUs, toUs]`; `ts` is the bucket start. Buckets
   * without values are left out. Any order. Where a rollup holds the whole buckets, they are summed
   * from it (the coarsest that divides `bucketUs`, see `planSources`); the averages are those of the
   * raw points, up to the rounding of a sum taken in another order.
   */
  abstract averages(fields: readonly string[], fromUs: number, toUs: number, bucketUs: number): Promise<BucketAverages>;

  /**
   * Brings the rollups up to date with what was written up to a minute before `nowUs`, and drops
   * what the retention lets go: raw points, then rollup buckets, a whole UTC day at a time once the
   * day is older than the retention. Safe to interrupt at any point (a later call finishes the work);
   * the service calls it once a minute.
   */
  abstract maintain(nowUs: number): Promise<void>;

  /** The latest value of each of `fields` at or after `sinceUs`; fields without one are left out. Any order. */
  abstract latest(fields: readonly string[], sinceUs: number): Promise<FieldValue[]>;

  /** At most `limit` values of `fields` in `[fromUs, toUs]`, ordered by time (any order within one time). */
  abstract values(fields: readonly string[], fromUs: number, toUs: number, limit: number): Promise<FieldValue[]>;

  /** The annotations `query` asks for, the earliest first (by id within one time). */
  abstract annotations(query: AnnotationQuery): Promise<Annotation[]>;

  /** Rejects with the reason when the store cannot be reached (the ping answers 503). */
  abstract check(): Promise<void>;

  abstract close(): Promise<void>;
}
