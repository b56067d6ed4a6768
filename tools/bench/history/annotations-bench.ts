// The annotations of a graph: a year of 100,000 annotations over 1,000 blocks, and the time the
// service takes to answer those of a 30-day graph of 10 fields (docs/performance.md).
import { Annotation, TimedValues, TimeSeriesStore } from '@eventcast/time-series-store';
import { percentile } from '../percentile';
import { HistoryProcess } from './history-process';
import { BenchReport, met, thousands } from './report';

const DAY_US = 86_400_000_000;
const ANNOTATIONS = 100_000;
const CONTROLLERS = 10;
const BLOCKS_PER_CONTROLLER = 100;
const PER_WRITE = 5_000;
const QUERY_RUNS = 30;
const WARM_UP_RUNS = 10;
const DAY_MS = DAY_US / 1000;
const TARGET_P99_MS = 50;

/** What was written: the fields of the graph asked for, and the end of the year. */
export interface AnnotationData {
  fields: string[];
  endUs: number;
  count: number;
}

/**
 * Writes `ANNOTATIONS` annotations spread evenly over the year before now, through the store's own
 * adapter: patches of one block each across 10 controllers of 100 blocks, every hundredth a start
 * of the whole controller, every thousandth a backup loaded naming 20 blocks.
 */
export async function fillAnnotations(store: TimeSeriesStore, prefix: string): Promise<AnnotationData> {
  const endUs = Date.now() * 1000;
  const stepUs = Math.floor((365 * DAY_US) / ANNOTATIONS);
  const controller = (index: number) => `${prefix}-c${index % CONTROLLERS}`;
  const block = (index: number) => `block ${Math.floor(index / CONTROLLERS) % BLOCKS_PER_CONTROLLER}`;
  const annotationAt = (index: number): Annotation => {
    const common = {
      id: `${prefix}-${index}`,
      ts: endUs - (ANNOTATIONS - index) * stepUs,
      controller: controller(index),
    };
    if (index % 1000 === 0) {
      const blocks = Array.from({ length: 20 }, (_, offset) => block(index + offset * CONTROLLERS));
      return { ...common, kind: 'backup loaded', blocks, detail: { origin: { via: 'rest' }, changes: [] } };
    }
    if (index % 100 === 0) return { ...common, kind: 'started', blocks: [], detail: { origin: { via: 'controller' } } };
    return {
      ...common,
      kind: 'patched',
      blocks: [block(index)],
      detail: {
        origin: { via: 'rest', by: 'bench' },
        changes: [
          {
            id: block(index),
            type: 'SetpointSensorPair',
            change: 'changed',
            fields: [{ field: 'storedSetting', from: 20, to: 21 }],
          },
        ],
      },
    };
  };
  for (let from = 0; from < ANNOTATIONS; from += PER_WRITE) {
    const events: TimedValues[] = [];
    for (let index = from; index < Math.min(ANNOTATIONS, from + PER_WRITE); index++) {
      const annotation = annotationAt(index);
      events.push({ ts: annotation.ts, values: new Map(), annotation });
    }
    await store.write(events);
  }
  const fields = Array.from({ length: 10 }, (_, index) => `${controller(0)}/block ${index}/setting[degC]`);
  return { fields, endUs, count: ANNOTATIONS };
}

/**
 * Times the annotations of a 30-day graph of the 10 fields, once the last annotation is readable:
 * each query a minute earlier than the one before, as a graph of the last 30 days reloaded while
 * time passes (so no store answers from a cache of the same query). The first `WARM_UP_RUNS` after
 * the service's start are reported apart: they run while Node.js and QuestDB compile their paths.
 */
export async function benchAnnotations(
  name: string,
  history: HistoryProcess,
  data: AnnotationData,
  report: BenchReport,
): Promise<void> {
  let found = 0;
  const timeQueries = async (first: number, runs: number): Promise<number[]> => {
    const times: number[] = [];
    for (let run = first; run < first + runs; run++) {
      const endMs = data.endUs / 1000 + 1 - run * 60_000;
      const query = new URLSearchParams([
        ...data.fields.map((field): [string, string] => ['field', field]),
        ['start', String(endMs - 30 * DAY_MS)],
        ['end', String(endMs)],
      ]);
      const started = performance.now();
      found = (await history.annotations(query)).length;
      times.push(performance.now() - started);
    }
    return times;
  };
  const warmUp = await timeQueries(0, WARM_UP_RUNS);
  const times = await timeQueries(WARM_UP_RUNS, QUERY_RUNS);
  const p50 = Math.round(percentile(times, 50));
  const p99 = Math.round(percentile(times, 99));
  report.print(
    `${name.padEnd(14)} ${`annotations, 30 days of 10 fields (${found} of ${thousands(data.count)})`.padEnd(42)} ` +
      `p50 ${String(p50).padStart(5)} ms  p99 ${String(p99).padStart(5)} ms  target p99 < ${TARGET_P99_MS} ms: ${met(p99 < TARGET_P99_MS)}`,
  );
  report.print(
    `${name.padEnd(14)} ${'  the first queries after start'.padEnd(42)} ` +
      `${warmUp.map((time) => Math.round(time)).join(', ')} ms (not counted above)`,
  );
}
