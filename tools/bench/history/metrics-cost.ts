import { HistoryProcess } from './history-process';
import { StepResult } from './ingest-bench';
import { BenchReport, met } from './report';

const METRICS_SCRAPES = 200;
/** The scrape interval of the Compose Prometheus (docker/prometheus/prometheus.yml). */
const PROMETHEUS_INTERVAL_S = 15;

/**
 * What Prometheus costs the service: the CPU of one scrape of its metrics, timed over
 * `METRICS_SCRAPES` scrapes, as a share of the CPU it spent per second while sustaining `best`, at
 * the Compose Prometheus' one scrape per `PROMETHEUS_INTERVAL_S`. The counting itself happens on
 * the ingest path and is in the figures of every step.
 */
export async function benchMetricsCost(
  name: string,
  history: HistoryProcess,
  best: StepResult,
  report: BenchReport,
): Promise<void> {
  const url = history.base.replace(/\/timeseries$/, '/metrics');
  const before = history.cpuMs;
  for (let scrape = 0; scrape < METRICS_SCRAPES; scrape++) await (await fetch(url)).text();
  const perScrapeMs = (history.cpuMs - before) / METRICS_SCRAPES;
  const share = perScrapeMs / PROMETHEUS_INTERVAL_S / (best.cpuMs / best.seconds);
  report.print(
    `${name.padEnd(14)} metrics: a scrape costs the service ${perScrapeMs.toFixed(2)} ms of CPU; one per ${PROMETHEUS_INTERVAL_S} s is ` +
      `${(share * 100).toFixed(3)}% of the ${(best.cpuMs / best.seconds / 10).toFixed(0)}% of a core it spends sustaining ${best.rate} events/s  target < 2%: ${met(share < 0.02)}`,
  );
}
