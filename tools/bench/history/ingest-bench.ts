// Ingest of realistic controller events at increasing rates, every value counted back through the
// query API, with publish-to-queryable latency measured by probe events.
import { connectAsync, MqttClient } from 'mqtt';
import { percentile } from '../percentile';
import { BENCH_RUN, MQTT_URL } from './bench-settings';
import { controllerEvent, fieldsOf } from './controller-event';
import { HistoryProcess } from './history-process';
import { IngestLimit } from './questdb-limit';
import { BenchReport, met, thousands } from './report';

/** How long each ingest step publishes, in seconds. */
export const STEP_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATES = [100, 200, 400, 600, 800, 1000, 1200, 1400, 1700, 2000, 2400, 2800]; // events per second
const PROBES_PER_SECOND = 20;
/** The embedded store's targets; on QuestDB the rate is half of QuestDB's own limit and p99 is 1 s. */
const TARGETS = { valuesPerSecond: 100_000, p99Ms: 2_000 };
const QUESTDB_TARGETS = { shareOfLimit: 0.8, p99Ms: 500 };
/** The service's CPU per million values stored, so the figure holds on a machine of another size. */
const CORE_SECONDS_PER_MILLION_VALUES = 1;
const CSV_FIELDS_PER_REQUEST = 200;

/** What one ingest step at `rate` events per second measured. */
export interface StepResult {
  rate: number;
  events: number;
  stored: number;
  values: number;
  expectedValues: number;
  seconds: number;
  /** CPU time the service spent during the step, in milliseconds. */
  cpuMs: number;
  p50: number;
  p99: number;
  ok: boolean;
}

/** Values of `fields` stored since `since` (ms), counted from the CSV export, and the event numbers seen. */
async function countBack(
  history: HistoryProcess,
  fields: string[],
  since: number,
): Promise<{ values: number; seqs: Set<number> }> {
  let values = 0;
  const seqs = new Set<number>();
  for (let from = 0; from < fields.length; from += CSV_FIELDS_PER_REQUEST) {
    const chunk = fields.slice(from, from + CSV_FIELDS_PER_REQUEST);
    const text = await (await history.post('csv', { fields: chunk, start: since, precision: 'ms' })).text();
    const lines = text.split('\r\n').slice(1, -1);
    for (const line of lines) {
      const cells = line.split(',').slice(1);
      values += cells.filter((cell) => cell !== '').length;
      if (from === 0) seqs.add(Number(cells[0]));
    }
  }
  return { values, seqs };
}

async function ingestStep(
  history: HistoryProcess,
  publisher: MqttClient,
  rate: number,
  p99TargetMs: number,
): Promise<StepResult> {
  const key = `bench-${BENCH_RUN}-${rate}`;
  const fields = fieldsOf(key);
  const probeField = `${key}-probe/n`;
  const sent = new Map<number, number>();
  const latencies: number[] = [];
  const since = Date.now() - 1000;
  const started = Date.now();
  const cpuBefore = history.cpuMs;
  let seq = 0;
  let probe = 0;
  let publishing = true;

  const poller = (async () => {
    let seen = -1;
    while (publishing || seen < probe - 1) {
      const [latest] = (await (
        await history.post('metrics', { fields: [probeField], duration: '1h' })
      ).json()) as Array<{ value: number }>;
      const now = Date.now();
      for (let n = seen + 1; latest && n <= latest.value; n++) latencies.push(now - (sent.get(n) ?? now));
      if (latest) seen = Math.max(seen, latest.value);
      if (!publishing && Date.now() - started > (STEP_SECONDS + 30) * 1000) break;
      await new Promise((done) => setTimeout(done, 20));
    }
  })();

  const tick = 10;
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const elapsed = Date.now() - started;
      if (elapsed >= STEP_SECONDS * 1000) {
        clearInterval(timer);
        done();
        return;
      }
      while (seq < (elapsed / 1000) * rate)
        void publisher.publishAsync(`eventcast/history/${key}`, JSON.stringify(controllerEvent(key, seq++)), {
          qos: 1,
        });
      while (probe < (elapsed / 1000) * PROBES_PER_SECOND) {
        sent.set(probe, Date.now());
        void publisher.publishAsync(
          `eventcast/history/${key}-probe`,
          JSON.stringify({ key: `${key}-probe`, data: { n: probe++ } }),
          { qos: 1 },
        );
      }
    }, tick);
  });
  const seconds = (Date.now() - started) / 1000;
  const stepCpuMs = history.cpuMs - cpuBefore;
  publishing = false;
  await poller;

  // Wait until every event is stored, or nothing more arrives for 5 s.
  let counted = await countBack(history, fields.slice(0, 1), since);
  for (let last = -1, stalledSince = Date.now(); counted.seqs.size < seq && Date.now() - stalledSince < 5_000;) {
    if (counted.seqs.size !== last) [last, stalledSince] = [counted.seqs.size, Date.now()];
    await new Promise((done) => setTimeout(done, 250));
    counted = await countBack(history, fields.slice(0, 1), since);
  }
  const all = await countBack(history, fields, since);
  const expectedValues = seq * fields.length;
  const p99 = percentile(latencies, 99);
  const ok = all.seqs.size === seq && all.values === expectedValues && latencies.length === probe && p99 < p99TargetMs;
  return {
    rate,
    events: seq,
    stored: all.seqs.size,
    values: all.values,
    expectedValues,
    seconds,
    cpuMs: stepCpuMs,
    p50: percentile(latencies, 50),
    p99,
    ok,
  };
}

/**
 * Steps through `RATES` until one is not sustained (an event or value missing, or p99 over the
 * target), reporting each step and the best rate against the target: on QuestDB, whose `limit` is
 * known, a share of that limit. Resolves with the best step, if any.
 */
export async function benchIngest(
  name: string,
  history: HistoryProcess,
  report: BenchReport,
  limit?: IngestLimit,
): Promise<StepResult | undefined> {
  const p99Target = limit ? QUESTDB_TARGETS.p99Ms : TARGETS.p99Ms;
  const publisher = await connectAsync(MQTT_URL);
  let best: StepResult | undefined;
  let beforeBest: StepResult | undefined;
  try {
    for (const rate of RATES) {
      const step = await ingestStep(history, publisher, rate, p99Target);
      report.print(
        `${name.padEnd(14)} ingest ${String(rate).padStart(5)} events/s: ${step.stored}/${step.events} events, ${thousands(step.values)}/${thousands(step.expectedValues)} values ` +
          `(${thousands(step.values / step.seconds)} values/s), publish-to-queryable p50 ${step.p50} ms p99 ${step.p99} ms, ` +
          `${coreSecondsPerMillion(step).toFixed(2)} core-s per million values: ${step.ok ? 'ok' : 'NOT sustained'}`,
      );
      if (!step.ok) break;
      beforeBest = best;
      best = step;
    }
  } finally {
    await publisher.endAsync();
  }
  const sustained = best ? best.values / best.seconds : 0;
  const summary = `${name} sustained ${best ? `${best.rate} events/s = ${thousands(sustained)} values/s with none lost, p99 ${best.p99} ms` : 'nothing'}`;
  if (limit) {
    const share = sustained / limit.valuesPerSecond;
    report.add(
      `target: ${summary} = ${(share * 100).toFixed(0)}% of QuestDB's limit (>= ${QUESTDB_TARGETS.shareOfLimit * 100}%, p99 < ${p99Target} ms): ${met(share >= QUESTDB_TARGETS.shareOfLimit)}`,
    );
  } else {
    report.add(
      `target: ${summary} (>= ${thousands(TARGETS.valuesPerSecond)} values/s, p99 < ${p99Target} ms): ${met(sustained >= TARGETS.valuesPerSecond)}`,
    );
  }
  if (best) {
    const cost = coreSecondsPerMillion(best);
    const marginal = beforeBest
      ? `; ${marginalCoreSecondsPerMillion(beforeBest, best).toFixed(2)} for the values added from ${beforeBest.rate} to ${best.rate} events/s, without the probes' queries`
      : '';
    report.add(
      `target: ${name} used ${cost.toFixed(2)} core-seconds per million values at ${best.rate} events/s (<= ${CORE_SECONDS_PER_MILLION_VALUES})${marginal}: ${met(cost <= CORE_SECONDS_PER_MILLION_VALUES)}`,
    );
  }
  return best;
}

/**
 * The CPU each added million values cost between two steps, in core-seconds: what a step spends
 * whatever its rate (the probes' 50 queries a second, timers) cancels out.
 */
function marginalCoreSecondsPerMillion(lower: StepResult, higher: StepResult): number {
  const cores = (step: StepResult) => step.cpuMs / 1000 / step.seconds;
  const valuesPerSecond = (step: StepResult) => step.values / step.seconds;
  return ((cores(higher) - cores(lower)) / (valuesPerSecond(higher) - valuesPerSecond(lower))) * 1_000_000;
}

/** The service's CPU time during a step per million values it stored, in core-seconds (the probes' queries included). */
function coreSecondsPerMillion(step: StepResult): number {
  return step.values === 0 ? 0 : step.cpuMs / 1000 / (step.values / 1_000_000);
}
