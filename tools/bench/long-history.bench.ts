// npm run bench:long-history — years of history on a small disk (docs/history.md, "Retention and
// rollups"). On each store: (1) a year of one controller's history at one event per 5 s
// (BENCH_LONG_FIELDS values each, default 100; BENCH_LONG_DAYS, default 365), bulk-loaded inside
// the store, and the time the rollups take to catch up with it; (2) the disk it takes per million
// points; (3) `ranges` through the built service's HTTP API for 1 field and for 10 fields over a
// year, a month and a day at 1,000 points, p50/p99/max of 200 runs after the first (timed on its
// own), and the resolution each answer used; (4) the retention of the oldest day while values
// keep being written, and the longest write meanwhile.
// Stores: the embedded DuckDB file and QuestDB (the servers QUESTDB_URL names, else the tested
// versions started from Maven); BENCH_STORES=embedded or questdb runs one kind.
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DAY_US } from '@eventcast/domain';
import { dropQuestDbTables } from '@eventcast/testing';
import {
  DuckDbTimeSeriesStore,
  EMBEDDED_STORE_FILE,
  QuestDbHttpClient,
  QuestDbTimeSeriesStore,
  rollupName,
  ROLLUPS,
  sqlText,
  TimeSeriesStore,
} from '@eventcast/time-series-store';
import { cleanups, runBench, startBuiltApp } from './bench-run';
import { rollupsCaughtUp, until } from './history/questdb-fill';
import { questDbServers } from './history/questdb-servers';
import { percentile } from './percentile';

const WORKSPACE = resolve(__dirname, '../..');
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const FIELDS = Number(process.env.BENCH_LONG_FIELDS ?? 100);
const DAYS = Number(process.env.BENCH_LONG_DAYS ?? 365);
const STEP_US = 5_000_000;
/** Runs of each `ranges` after the first, which is reported on its own: the first read of a span after a start is cold. */
const QUERY_RUNS = 200;
const TARGET_P99_MS = 100;
const TARGET_RETENTION_MS = 1_000;
/** Rows per INSERT into QuestDB: 2 million took longer than the client's 10 s on QuestDB 8.1.4 with the machine busy. */
const QUESTDB_ROWS_PER_INSERT = 1_000_000;
/** How often the ingest beside the retention writes one event of every field. */
const INGEST_EVERY_MS = 100;

const run = randomBytes(3).toString('hex');
const PREFIX = `long-${run}`;
const field = (index: number) => `${PREFIX}/block ${index}/value[degC]`;
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');
const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');

/** The bulk load's time span: `DAYS` whole days, then today up to the start of this minute. */
const END_US = Math.floor(Date.now() / 60_000) * 60_000_000;
const START_US = Math.floor(END_US / DAY_US) * DAY_US - DAYS * DAY_US;
const EVENTS = (END_US - START_US) / STEP_US;
const POINTS = EVENTS * FIELDS;

interface StoreUnderBench {
  name: string;
  /** Loads the year into the store's table (created by opening the adapter), then closes. */
  load(): Promise<void>;
  /** Opens the adapter, with a retention when given. */
  open(retentionUs?: number): Promise<TimeSeriesStore>;
  /** Bytes on disk of the raw points and of the rollups (the service stopped). */
  diskBytes(): Promise<{ raw: number; rollups: number }>;
  /** The environment of the history service on this store. */
  env: Record<string, string>;
  /** Waits until the store has nothing left to do with the load (QuestDB: WAL applied, views refreshed). */
  settle(): Promise<void>;
  /** Whether opening the store starts its retention (QuestDB 9's TTL), rather than `maintain`. */
  retentionAtOpen: boolean;
}

function embedded(dataDir: string): StoreUnderBench {
  const path = join(dataDir, EMBEDDED_STORE_FILE);
  const fileBytes = () => statSync(path).size + (existsSync(`${path}.wal`) ? statSync(`${path}.wal`).size : 0);
  /** The file after the bulk load, before the service rolled the year up. */
  let rawBytes = 0;
  const open = async (retentionUs?: number) => {
    const store = new DuckDbTimeSeriesStore(path, { rawUs: retentionUs });
    await store.open();
    return store;
  };
  return {
    name: 'embedded',
    env: { DATA_DIR: dataDir, QUESTDB_URL: '' },
    open,
    retentionAtOpen: false,
    settle: async () => undefined,
    async load() {
      await (await open()).close();
      const instance = await DuckDBInstance.create(path);
      const connection = await instance.connect();
      const chunkEvents = (30 * DAY_US) / STEP_US;
      for (let from = 0; from < EVENTS; from += chunkEvents) {
        const until = Math.min(EVENTS, from + chunkEvents);
        await connection.run(
          `INSERT INTO history_values SELECT make_timestamp(${START_US}::BIGINT + e * ${STEP_US}::BIGINT), ` +
            `${sqlText(`${PREFIX}/block `)} || f || '/value[degC]', round(20 + 5 * sin(e / 1000.0) + f / 10.0 + random() / 10, 2) ` +
            `FROM range(${from}, ${until}) events(e), range(0, ${FIELDS}) fields(f)`,
        );
      }
      await connection.run('CHECKPOINT');
      connection.closeSync();
      instance.closeSync();
      rawBytes = fileBytes();
    },
    async diskBytes() {
      return { raw: rawBytes, rollups: fileBytes() - rawBytes };
    },
  };
}

/** Blocks in use under `folder`, as `du` counts them (QuestDB's files are sparse). */
function usedBytes(folder: string): number {
  return Number(execFileSync('du', ['-sk', folder], { encoding: 'utf8' }).split('\t')[0]) * 1024;
}

function questDb(name: string, url: string, root?: string): StoreUnderBench {
  const table = `history_long_${run}`;
  const http = new QuestDbHttpClient(url);
  cleanups.push(() => dropQuestDbTables(url, table));
  const open = async (retentionUs?: number) => {
    const store = new QuestDbTimeSeriesStore(url, table, { rawUs: retentionUs });
    await store.open();
    return store;
  };
  // Where this process started QuestDB, the folders of the table and views; else QuestDB's own
  // figure, which counts the space its files reserve as well.
  const size = async (name: string) => {
    const folder =
      root && readdirSync(join(root, 'db')).find((entry) => entry.startsWith(`${name}~`) && !entry.endsWith('.lock'));
    if (folder) return usedBytes(join(root, 'db', folder));
    return Number(
      (await http.exec(`SELECT sum(diskSize) FROM table_partitions(${sqlText(name)})`).catch(() => [[0]]))[0][0],
    );
  };
  return {
    name,
    env: { QUESTDB_URL: url, QUESTDB_TABLE: table },
    open,
    retentionAtOpen: true,
    async settle() {
      const applied = `SELECT count() FROM wal_tables() WHERE name = ${sqlText(table)} AND writerTxn < sequencerTxn`;
      await until(async () => Number((await http.exec(applied))[0][0]) === 0);
      await rollupsCaughtUp(http, table);
    },
    async load() {
      await (await open()).close();
      const rows = EVENTS * FIELDS;
      for (let offset = 0; offset < rows; offset += QUESTDB_ROWS_PER_INSERT) {
        const x = `(x + ${offset - 1}L)`;
        await http.exec(
          `INSERT INTO ${table} SELECT cast(${START_US}L + (${x} / ${FIELDS}) * ${STEP_US}L AS TIMESTAMP), ` +
            `cast(concat(${sqlText(`${PREFIX}/block `)}, ${x} % ${FIELDS}, '/value[degC]') AS SYMBOL), ` +
            `round(20 + 5 * sin((${x} / ${FIELDS}) / 1000.0) + (${x} % ${FIELDS}) / 10.0 + rnd_double() / 10, 2) ` +
            `FROM long_sequence(${Math.min(QUESTDB_ROWS_PER_INSERT, rows - offset)})`,
        );
      }
      await until(async () => Number((await http.exec(`SELECT count() FROM ${table}`))[0][0]) >= rows);
    },
    async diskBytes() {
      const rollups = await Promise.all(ROLLUPS.map((rollup) => size(rollupName(table, rollup))));
      return { raw: await size(table), rollups: rollups.reduce((sum, bytes) => sum + bytes, 0) };
    },
  };
}

/**
 * Times until the service's rollups hold the whole load: a day up to a few minutes ago, and the
 * rest of the span, both from a rollup.
 */
async function rollUp(base: string): Promise<{ ms: number; resolution: string }> {
  const started = Date.now();
  const deadline = started + 60 * 60_000;
  for (;;) {
    const [recent] = await ranges(base, [field(0)], END_US - DAY_US, END_US - 10 * 60_000_000);
    const [older] = await ranges(base, [field(0)], START_US, END_US - DAY_US);
    if ((recent.resolution !== 'raw' && older.resolution !== 'raw') || Date.now() > deadline) {
      return { ms: Date.now() - started, resolution: recent.resolution };
    }
    await new Promise((done) => setTimeout(done, 1_000));
  }
}

async function ranges(
  base: string,
  fields: string[],
  fromUs: number,
  toUs: number,
): Promise<Array<{ field: string; values: unknown[]; resolution: string }>> {
  const response = await fetch(`${base}/ranges`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fields, start: fromUs / 1000, end: toUs / 1000, points: 1_000 }),
  });
  if (!response.ok) throw new Error(`ranges answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Array<{ field: string; values: unknown[]; resolution: string }>;
}

async function benchRanges(name: string, base: string, report: string[]): Promise<void> {
  const spans: Array<[string, number]> = [
    ['1 year', DAYS * DAY_US],
    ['1 month', 30 * DAY_US],
    ['1 day', DAY_US],
  ];
  for (const fields of [[field(0)], Array.from({ length: 10 }, (_, index) => field(index))]) {
    for (const [label, spanUs] of spans) {
      const timedRanges = async () => {
        const started = performance.now();
        const answer = await ranges(base, fields, END_US - spanUs, END_US);
        return { answer, ms: performance.now() - started };
      };
      const first = await timedRanges();
      const runs = [];
      for (let attempt = 0; attempt < QUERY_RUNS; attempt++) runs.push(await timedRanges());
      const times = runs.map((run) => run.ms);
      const { answer } = runs[runs.length - 1];
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      report.push(
        `${name.padEnd(14)} ranges ${String(fields.length).padStart(2)} field(s) over ${label.padEnd(7)}: ` +
          `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms, the first ${first.ms.toFixed(1)} ms ` +
          `(${answer[0].values.length} points, from ${answer[0].resolution}) ` +
          `target p99 < ${TARGET_P99_MS} ms: ${met(p99 < TARGET_P99_MS)}`,
      );
      console.log(report[report.length - 1]);
    }
  }
}

/**
 * Drops the oldest day by retention while an event of every field is written every 100 ms, and
 * times both: from the retention's start to the day being gone (QuestDB: from opening the store,
 * which sets QuestDB 9's TTL, acting at the next commit; DuckDB: from the `maintain` that drops it,
 * the store opened and written to for a second before), and the longest write meanwhile.
 */
async function benchRetention(target: StoreUnderBench, report: string[]): Promise<void> {
  const cutUs = Math.floor((Date.now() * 1000 - (DAYS - 1) * DAY_US) / DAY_US) * DAY_US;
  let started = performance.now();
  const store = await target.open((DAYS - 1) * DAY_US);
  const writes: Array<{ at: number; ms: number }> = [];
  let writing = true;
  const ingest = (async () => {
    for (let seq = 0; writing; seq++) {
      const at = performance.now();
      const values = new Map(Array.from({ length: FIELDS }, (_, index) => [field(index), seq]));
      await store.write([{ ts: Date.now() * 1000, values }]);
      writes.push({ at, ms: performance.now() - at });
      await new Promise((done) => setTimeout(done, INGEST_EVERY_MS));
    }
  })();
  if (!target.retentionAtOpen) {
    await new Promise((done) => setTimeout(done, 1_000));
    started = performance.now();
  }
  await store.maintain(Date.now() * 1000);
  // A poll the store drops (QuestDB 8.1.4 closed one connection during its DROP PARTITION) is tried again.
  await until(async () =>
    store.values([field(0)], START_US - DAY_US, cutUs - 1, 1).then(
      (rows) => rows.length === 0,
      () => false,
    ),
  );
  const retentionMs = performance.now() - started;
  await new Promise((done) => setTimeout(done, 3_000));
  writing = false;
  await ingest;
  await store.close();
  const during = writes.filter((write) => write.at < started + retentionMs).map((write) => write.ms);
  const usual = percentile(
    writes.map((write) => write.ms),
    50,
  );
  report.push(
    `${target.name.padEnd(14)} retention of the oldest day (${new Date(START_US / 1000).toISOString().slice(0, 10)}): ` +
      `${retentionMs.toFixed(0)} ms, target < ${TARGET_RETENTION_MS} ms: ${met(retentionMs < TARGET_RETENTION_MS)}; ` +
      `ingest went on: ${during.length} writes meanwhile, the longest ${Math.max(...during).toFixed(1)} ms (median write ${usual.toFixed(1)} ms)`,
  );
  console.log(report[report.length - 1]);
}

async function benchStore(target: StoreUnderBench, report: string[]): Promise<void> {
  console.log(
    `${target.name}: loading ${thousands(POINTS)} points (${DAYS} days, ${FIELDS} fields, one event per 5 s)...`,
  );
  const started = Date.now();
  await target.load();
  const probe = await target.open();
  const hasRollups = probe.hasRollups;
  await probe.close();
  report.push(
    `${target.name.padEnd(14)} bulk load: ${thousands(POINTS)} points in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(report[report.length - 1]);
  const spool = mkdtempSync(join(tmpdir(), 'history-long-spool-'));
  cleanups.push(async () => rmSync(spool, { recursive: true, force: true }));
  const history = await startBuiltApp(
    'history',
    { MQTT_URL, DATA_DIR: spool, MQTT_CLIENT_ID: `eventcast-history-long-${run}`, ...target.env },
    '/history/timeseries/ping',
  );
  const base = `http://127.0.0.1:${history.port}/history/timeseries`;
  try {
    if (hasRollups) {
      const rolled = await rollUp(base);
      const settling = Date.now();
      await target.settle();
      report.push(
        `${target.name.padEnd(14)} rollups caught up with the load ${(rolled.ms / 1000).toFixed(0)} s after it ended ` +
          `(a day's ranges from ${rolled.resolution}); the store idle ${((Date.now() - settling) / 1000).toFixed(0)} s later`,
      );
    } else {
      await target.settle();
      report.push(`${target.name.padEnd(14)} keeps no rollups (QuestDB 8.x): ranges read the raw points`);
    }
    console.log(report[report.length - 1]);
    await benchRanges(target.name, base, report);
  } finally {
    await history.stop();
  }
  const disk = await target.diskBytes();
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  report.push(
    `${target.name.padEnd(14)} disk: ${mib(disk.raw)} for the points, ${(disk.raw / (POINTS / 1e6) / 2 ** 20).toFixed(2)} MiB per million; ` +
      `rollups of minutes and hours ${mib(disk.rollups)}`,
  );
  console.log(report[report.length - 1]);
  await benchRetention(target, report);
}

async function main() {
  execFileSync(process.execPath, [join(WORKSPACE, 'tools/build/build-app.mjs'), 'history'], { stdio: 'inherit' });
  const report: string[] = [];
  const only = process.env.BENCH_STORES?.split(',');
  if (!only || only.includes('embedded')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'history-long-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    await benchStore(embedded(dataDir), report);
  }
  if (!only || only.includes('questdb')) {
    for (const { name, url, root } of await questDbServers()) await benchStore(questDb(name, url, root), report);
  }
  console.log('\nresults (2 shared cores: other work on the machine lowers these figures)');
  for (const line of report) console.log(line);
}

runBench('bench:long-history', 4 * 60 * 60_000, main);
