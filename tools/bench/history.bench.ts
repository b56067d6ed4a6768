// npm run bench:history — the history service as a user runs it (the built app, a process of its
// own) against the real broker: (1) the latency of `ranges` and `metrics` over 10 million points of
// one field (on QuestDB in a table that also holds 100 million points of other fields); (2) ingest
// of realistic controller events at increasing rates, every value counted back through the query
// API, with publish-to-queryable latency; (3) the annotations of a 30-day graph of 10 fields among
// a year of 100,000. On the embedded DuckDB store and on QuestDB: the servers
// `QUESTDB_URL` names, else the tested versions started from Maven (docs/history.md). On QuestDB it
// first measures QuestDB's own ingest limit and gives the service's sustained rate as a share of it.
// BENCH_SECONDS sets each ingest step's length, BENCH_STORES (embedded,questdb) the stores benched,
// BENCH_PARTS (queries,annotations,ingest) the parts run.
// Everything it writes goes to tables of its own, dropped at the end. Its parts are in history/.
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { runBench } from './bench-run';
import { BENCH_RUN, MQTT_URL } from './history/bench-settings';
import { benchAnnotations } from './history/annotations-bench';
import { fieldsOf } from './history/controller-event';
import { HistoryProcess } from './history/history-process';
import { benchIngest, STEP_SECONDS } from './history/ingest-bench';
import { benchMetricsCost } from './history/metrics-cost';
import { benchQueries } from './history/query-bench';
import { questDbServers } from './history/questdb-servers';
import { BenchReport, thousands } from './history/report';
import { embeddedUnderBench, questDbUnderBench, StoreUnderBench } from './history/store-under-bench';

const WORKSPACE = resolve(__dirname, '../..');

/** The parts `BENCH_PARTS` names (`queries`, `annotations`, `ingest`), or all of them. */
const PARTS = process.env.BENCH_PARTS?.split(',');
const benched = (part: string) => !PARTS || PARTS.includes(part);

/** Fills `target` with the query data and annotations, then benches the service on it: queries, annotations, ingest, the cost of a metrics scrape. */
async function benchStore(target: StoreUnderBench, report: BenchReport): Promise<void> {
  console.log(`${target.name}: writing the query data...`);
  const started = Date.now();
  const data = benched('queries') ? await target.fill(`bench-${BENCH_RUN}-query`) : undefined;
  const annotations = benched('annotations') ? await target.annotate(`bench-${BENCH_RUN}-notes`) : undefined;
  report.print(
    `${target.name.padEnd(14)} query data: ${thousands(data?.rows ?? 0)} points and ${thousands(annotations?.count ?? 0)} annotations in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const history = await HistoryProcess.start(target.env);
  try {
    if (data) await benchQueries(target.name, history, data, report);
    if (annotations) await benchAnnotations(target.name, history, annotations, report);
    const best = benched('ingest') ? await benchIngest(target.name, history, report, target.limit) : undefined;
    if (best) await benchMetricsCost(target.name, history, best, report);
    for (const loss of history.losses) report.add(`${target.name} logged: ${loss.trim()}`);
  } finally {
    await history.stop();
  }
}

async function main() {
  execFileSync(process.execPath, [join(WORKSPACE, 'tools/build/build-app.mjs'), 'history'], { stdio: 'inherit' });
  console.log(
    `history bench: broker ${MQTT_URL}, ${STEP_SECONDS} s per ingest step, ${fieldsOf('k').length} values per event (50 blocks)`,
  );
  const report = new BenchReport();
  const only = process.env.BENCH_STORES?.split(',');
  if (!only || only.includes('embedded')) await benchStore(embeddedUnderBench(), report);
  if (!only || only.includes('questdb')) {
    for (const { name, url } of await questDbServers())
      await benchStore(await questDbUnderBench(name, url, report), report);
  }
  console.log('\nresults (2 shared cores: other work on the machine lowers these figures)');
  for (const line of report.lines) console.log(line);
}

runBench('bench:history', 90 * 60_000, main);
