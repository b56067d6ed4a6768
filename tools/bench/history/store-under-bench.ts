import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropQuestDbTables } from '@eventcast/testing';
import { DuckDbTimeSeriesStore, EMBEDDED_STORE_FILE, QuestDbTimeSeriesStore } from '@eventcast/time-series-store';
import { cleanups } from '../bench-run';
import { AnnotationData, fillAnnotations } from './annotations-bench';
import { fillThroughAdapter } from './adapter-fill';
import { BENCH_RUN } from './bench-settings';
import { fieldsOf } from './controller-event';
import { fillQuestDb, QueryData } from './questdb-fill';
import { IngestLimit, measureQuestDbLimit } from './questdb-limit';
import { BenchReport, thousands } from './report';

/** One store to bench: how the service is pointed at it, how the query data gets in, and QuestDB's limit where known. */
export interface StoreUnderBench {
  name: string;
  env: Record<string, string>;
  fill: (prefix: string) => Promise<QueryData>;
  /** Writes the annotations of `fillAnnotations`; the service must not run meanwhile (DuckDB has one writer). */
  annotate: (prefix: string) => Promise<AnnotationData>;
  limit?: IngestLimit;
}

/** The embedded DuckDB store, in a data folder of its own (removed at the end). */
export function embeddedUnderBench(): StoreUnderBench {
  const dataDir = mkdtempSync(join(tmpdir(), 'history-bench-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  return {
    name: 'embedded',
    env: { DATA_DIR: dataDir, QUESTDB_URL: '' },
    fill: async (prefix) => {
      const store = new DuckDbTimeSeriesStore(join(dataDir, EMBEDDED_STORE_FILE));
      await store.open();
      const data = await fillThroughAdapter(store, prefix);
      await store.close();
      return data;
    },
    annotate: async (prefix) => {
      const store = new DuckDbTimeSeriesStore(join(dataDir, EMBEDDED_STORE_FILE));
      await store.open();
      const data = await fillAnnotations(store, prefix);
      await store.close();
      return data;
    },
  };
}

/**
 * The QuestDB at `url`, in a table of this run (dropped at the end, its rollups with it), after
 * measuring QuestDB's own ingest limit there.
 */
export async function questDbUnderBench(name: string, url: string, report: BenchReport): Promise<StoreUnderBench> {
  const table = `history_bench_${BENCH_RUN}`;
  cleanups.push(() => dropQuestDbTables(url, table));
  console.log(`${name}: measuring QuestDB's own ingest limit...`);
  const limit = await measureQuestDbLimit(url, `${table}_limit`, fieldsOf(`bench-${BENCH_RUN}-limit`));
  const tries = limit.tries
    .map(({ inFlight, valuesPerSecond }) => `${inFlight} in flight ${thousands(valuesPerSecond)}`)
    .join(', ');
  report.print(
    `${name.padEnd(14)} QuestDB's limit: ${thousands(limit.valuesPerSecond)} values/s (100,000-line text batches; ${tries}); @questdb/nodejs-client ${thousands(limit.clientValuesPerSecond)} values/s`,
  );
  const store = new QuestDbTimeSeriesStore(url, table);
  await store.open();
  await store.close();
  return {
    name,
    env: { QUESTDB_URL: url, QUESTDB_TABLE: table },
    fill: (prefix) => fillQuestDb(url, table, prefix),
    annotate: async (prefix) => {
      const annotated = new QuestDbTimeSeriesStore(url, table);
      await annotated.open();
      const data = await fillAnnotations(annotated, prefix);
      await annotated.close();
      return data;
    },
    limit,
  };
}
