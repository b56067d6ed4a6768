// The query data set of the history bench written through a store's own adapter (the embedded
// store's way in; QuestDB generates it itself, questdb-fill.ts).
import { TimedValues, TimeSeriesStore } from '@eventcast/time-series-store';
import { QueryData } from './questdb-fill';

const SECOND_US = 1_000_000;
const EVENTS_PER_WRITE = 50_000;

/** 10 fields with 1M points each and one dense field with 10M, 100 ms apart, ending now; 89 more fields with recent values. */
export async function fillThroughAdapter(store: TimeSeriesStore, prefix: string): Promise<QueryData> {
  const endUs = Date.now() * 1000;
  const ten = Array.from({ length: 10 }, (_, index) => `${prefix}/sensor ${index}/value[degC]`);
  const dense = `${prefix}/dense/value[degC]`;
  const extra = Array.from({ length: 89 }, (_, index) => `${prefix}/extra ${index}/value`);
  const write = async (count: number, stepUs: number, valuesAt: (index: number) => Array<[string, number]>) => {
    const startUs = endUs - (count - 1) * stepUs;
    for (let from = 0; from < count; from += EVENTS_PER_WRITE) {
      const events: TimedValues[] = [];
      for (let index = from; index < Math.min(count, from + EVENTS_PER_WRITE); index++)
        events.push({ ts: startUs + index * stepUs, values: new Map(valuesAt(index)) });
      await store.write(events);
    }
  };
  await write(10_000_000, 100_000, (index) => [[dense, 20 + Math.sin(index / 1000)]]);
  await write(1_000_000, 1_000_000, (index) => ten.map((field, f) => [field, f + Math.sin(index / 100)]));
  await write(100, SECOND_US, (index) => extra.map((field, f) => [field, f + index]));
  const rows = 10_000_000 + 10 * 1_000_000 + 89 * 100;
  return {
    dense,
    ten,
    hundred: [dense, ...ten, ...extra],
    startMs: (endUs - 10_000_000 * 100_000) / 1000,
    endMs: endUs / 1000,
    rows,
  };
}
