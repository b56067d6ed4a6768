// The latency of `ranges` and `metrics` over the query data set (10 million points of one field).
import { waitFor } from '@eventcast/testing';
import { percentile } from '../percentile';
import { HistoryProcess } from './history-process';
import { QueryData } from './questdb-fill';
import { BenchReport, met } from './report';

const QUERY_RUNS = 15;
const TARGETS = { rangesOneFieldMs: 200, metricsMs: 20 };

async function timeQuery(history: HistoryProcess, path: string, body: unknown): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let index = 0; index < QUERY_RUNS; index++) {
    const started = performance.now();
    await (await history.post(path, body)).arrayBuffer();
    times.push(performance.now() - started);
  }
  return { p50: Math.round(percentile(times, 50)), p99: Math.round(percentile(times, 99)) };
}

/** Times each query `QUERY_RUNS` times once `data` is readable, and reports p50 and p99 against the targets. */
export async function benchQueries(
  name: string,
  history: HistoryProcess,
  data: QueryData,
  report: BenchReport,
): Promise<void> {
  // QuestDB applies writes a moment later: wait until the newest point is readable.
  await waitFor(
    'the filled points',
    async () =>
      ((await (await history.post('metrics', { fields: [data.dense], duration: '1d' })).json()) as unknown[]).length ===
      1,
    300_000,
  );
  const range = { start: data.startMs, end: data.endMs, points: 1000 };
  const queries = [
    ['ranges, 1 field, 10M points -> 1000', 'ranges', { fields: [data.dense], ...range }, TARGETS.rangesOneFieldMs],
    ['ranges, 10 fields, 1M points each -> 1000', 'ranges', { fields: data.ten, ...range }, undefined],
    ['metrics, 100 fields', 'metrics', { fields: data.hundred, duration: '1d' }, TARGETS.metricsMs],
  ] as const;
  for (const [label, path, body, target] of queries) {
    const { p50, p99 } = await timeQuery(history, path, body);
    const verdict = target === undefined ? '' : `  target p99 < ${target} ms: ${met(p99 < target)}`;
    report.print(
      `${name.padEnd(14)} ${label.padEnd(42)} p50 ${String(p50).padStart(5)} ms  p99 ${String(p99).padStart(5)} ms${verdict}`,
    );
  }
}
