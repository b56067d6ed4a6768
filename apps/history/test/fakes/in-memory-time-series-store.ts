import { DuckDbTimeSeriesStore } from '@eventcast/time-series-store';

/**
 * The embedded DuckDB store kept in memory, opened: the real adapter without a file, for unit
 * specs. Closing it makes every read reject, as a store that cannot be reached does.
 */
export async function openInMemoryTimeSeriesStore(): Promise<DuckDbTimeSeriesStore> {
  const store = new DuckDbTimeSeriesStore(':memory:');
  await store.open();
  return store;
}
