// npm run bench:web — the web app in Debian's Chromium against the built history and datastore
// services behind the same-origin proxy of npm start: (1) the JavaScript the first page loads, raw
// and gzipped; (2) click-to-drawn of a year of 10 fields: from a click on the "1 y" preset to the
// end of the first canvas redraw after the answer of the graph's `ranges` query, BENCH_WEB_RUNS
// times (default 50), each after a click on "7 d". The year is bulk-loaded into the embedded
// DuckDB store, one value of each field every BENCH_WEB_STEP_S seconds (default 60), and the
// service's rollups catch up before timing; (3) zooming by dragging across the graph, resetting
// the zoom and panning (buttons, Shift + drag): the draw time of each redraw (first to last canvas call) and the main
// thread's busy time per interaction and per frame of a drag (its moves paced one every 33 ms); (4) the page's JavaScript heap
// after all that; (5) the live tail (web/live-tail.ts): 300 fields published over MQTT once a
// second, all live in 15 tabs of 20 fields (the graph's most) for BENCH_WEB_TAIL_MIN minutes
// (default 30; 0 skips it), each tab's heap every minute and at the end; (6) the fleet
// (web/fleet.ts): 20 controllers of 100 blocks on the bus, the controllers page and a 100-block
// page opened and watched live for BENCH_WEB_FLEET_S seconds each (default 60). The year holds
// BENCH_WEB_ANNOTATIONS annotations of each field's block (default 100), which the graph marks.
// (7) the dashboard (web/dashboard.ts): 20 widgets (6 graphs of 5 fields over 7 days, 12 block
// widgets, 30 metrics) on that fleet as a kiosk: first render over BENCH_WEB_DASHBOARD_RUNS openings
// (default 10), state events and tasks live for BENCH_WEB_FLEET_S seconds, and the heap each minute
// of BENCH_WEB_KIOSK_MIN minutes (default 60; 0 skips it).
// BENCH_WEB_PARTS picks parts: `graph` (1-4), `tail` (5), `fleet` (6) and `dashboard` (7); default all.
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { Browser, CDPSession, chromium, Page } from 'playwright-core';
import { DAY_US } from '@eventcast/domain';
import { CHROMIUM_LAUNCH, freePort } from '@eventcast/testing';
import {
  Annotation,
  DuckDbTimeSeriesStore,
  EMBEDDED_STORE_FILE,
  sqlText,
  TimedValues,
} from '@eventcast/time-series-store';
import { cleanups, runBench, startBuiltApp } from './bench-run';
import { percentile } from './percentile';
import { dashboardReport } from './web/dashboard';
import { fleetReport } from './web/fleet';
import { heapMb, liveTail } from './web/live-tail';
import { PAGE_PROBES_SCRIPT, PageProbeTimes } from './web/page-probes';

const WORKSPACE = resolve(__dirname, '../..');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 50);
const STEP_US = Number(process.env.BENCH_WEB_STEP_S ?? 60) * 1_000_000;
const FIELDS = 10;
const DAYS = 366;
/** Annotations of each field's block over the year (`BENCH_WEB_ANNOTATIONS`, 0 for none). */
const ANNOTATIONS_PER_BLOCK = Number(process.env.BENCH_WEB_ANNOTATIONS ?? 100);
/** The draws of one click are over once the canvas has been still this long after the answer. */
const QUIET_MS = 400;
const TARGETS = { firstPageGzipKb: 150, clickToDrawnP50Ms: 300, clickToDrawnP99Ms: 1_000, frameP95Ms: 16 };
/** Rounds of zoom-in drag, reset, pan back and forward, and Shift + drag. */
const ZOOM_ROUNDS = 20;
const PAN_STEPS = 20;
const MOVE_EVERY_MS = 33;
const PAN_MOVES = `Shift + drag to pan: the ${PAN_STEPS} moves`;
const ZOOM_STEPS = 10;
const ZOOM_MOVES = `drag to zoom: the ${ZOOM_STEPS} moves`;
const TAIL_MINUTES = Number(process.env.BENCH_WEB_TAIL_MIN ?? 30);
const TAIL_FIELDS = 300;
const FLEET = { controllers: 20, blocks: 100, seconds: Number(process.env.BENCH_WEB_FLEET_S ?? 60) };
const DASHBOARD = {
  runs: Number(process.env.BENCH_WEB_DASHBOARD_RUNS ?? 10),
  kioskMinutes: Number(process.env.BENCH_WEB_KIOSK_MIN ?? 60),
};
const PARTS = new Set((process.env.BENCH_WEB_PARTS ?? 'graph,tail,fleet,dashboard').split(','));
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const PREFIX = `bench-web-${randomBytes(3).toString('hex')}`;
const TAIL_KEY = `${PREFIX}-tail`;
const field = (index: number) => `${PREFIX}/block ${index}/value[degC]`;
const END_US = Math.floor(Date.now() / 60_000) * 60_000_000;
const START_US = END_US - DAYS * DAY_US;
const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A year of the 10 fields in the embedded store file of `dataDir`, written before the service opens it. */
async function loadYear(dataDir: string): Promise<number> {
  const path = join(dataDir, EMBEDDED_STORE_FILE);
  const store = new DuckDbTimeSeriesStore(path);
  await store.open();
  await store.write(yearOfAnnotations());
  await store.close();
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  const events = Math.floor((END_US - START_US) / STEP_US);
  await connection.run(
    `INSERT INTO history_values SELECT make_timestamp(${START_US}::BIGINT + e * ${STEP_US}::BIGINT), ` +
      `${sqlText(`${PREFIX}/block `)} || f || '/value[degC]', round(20 + 5 * sin(e / 500.0) + f + random() / 10, 2) ` +
      `FROM range(0, ${events}) events(e), range(0, ${FIELDS}) fields(f)`,
  );
  await connection.run('CHECKPOINT');
  connection.closeSync();
  instance.closeSync();
  return events * FIELDS;
}

/**
 * The fields' blocks' annotations over the year, as many per block as the history bench's year
 * (100,000 over 1,000 blocks): a patch of one block each, every tenth a note (docs/history.md,
 * "Annotations"). The year graph shows them all.
 */
function yearOfAnnotations(): TimedValues[] {
  const count = ANNOTATIONS_PER_BLOCK * FIELDS;
  return Array.from({ length: count }, (_, index) => {
    const ts = START_US + Math.round(((index + 0.5) * (END_US - START_US)) / count);
    const block = `block ${index % FIELDS}`;
    const annotation: Annotation =
      index % 10 === 0
        ? { id: `${PREFIX}-${index}`, ts, kind: 'note', blocks: [], detail: { text: `note ${index}` } }
        : {
            id: `${PREFIX}-${index}`,
            ts,
            kind: 'patched',
            controller: PREFIX,
            blocks: [block],
            detail: {
              origin: { via: 'rest', by: 'bench' },
              changes: [
                {
                  id: block,
                  type: 'SetpointSensorPair',
                  change: 'changed',
                  fields: [{ field: 'storedSetting', from: 20, to: 21 }],
                },
              ],
            },
          };
    return { ts, values: new Map(), annotation };
  });
}

/** Waits until the year's ranges are read from rollups rather than raw points. */
async function rollupsCaughtUp(historyUrl: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const answer = await fetch(`${historyUrl}/history/timeseries/ranges`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fields: [field(0)], start: START_US / 1000, end: END_US / 1000 - 600_000, points: 1000 }),
    });
    const [{ resolution }] = (await answer.json()) as Array<{ resolution: string }>;
    if (resolution !== 'raw') return Date.now() - started;
    if (Date.now() - started > 30 * 60_000) throw new Error('the rollups did not catch up within 30 minutes');
    await pause(1_000);
  }
}

/** Starts `tools/start/proxy.mjs` in this process, serving `dist/apps/web`. */
async function startProxy(upstreams: Array<{ prefix: string; target: string }>): Promise<string> {
  const module = pathToFileURL(join(WORKSPACE, 'tools/start/proxy.mjs')).href;
  const { startProxy: start } = (await import(module)) as {
    startProxy: (options: unknown) => Promise<{ url: string; close: () => Promise<void> }>;
  };
  const proxy = await start({
    port: await freePort(),
    host: '127.0.0.1',
    webRoot: join(WORKSPACE, 'dist/apps/web'),
    upstreams,
  });
  cleanups.push(() => proxy.close());
  return proxy.url.replace(/\/+$/, '');
}

/** The page probes' times now, and the page's clock. */
async function probesOf(page: Page): Promise<PageProbeTimes & { now: number }> {
  return page.evaluate(() => ({
    ...(globalThis as unknown as { __benchProbes: PageProbeTimes }).__benchProbes,
    now: performance.now(),
  }));
}

/**
 * Waits until no fetch is on its way and neither the canvas nor an answer has moved for `QUIET_MS`
 * (after an answer that came after `since`, if `answer`).
 */
async function settled(page: Page, since: number, answer: boolean): Promise<PageProbeTimes & { now: number }> {
  for (;;) {
    const probes = await probesOf(page);
    const answered = !answer || (probes.lastAnswerAt > since && probes.lastDrawAt > probes.lastAnswerAt);
    // Every fetch answered, and quiet since: an answer still on its way would count in the next interaction.
    const lastActivity = Math.max(probes.lastDrawAt, probes.lastAnswerAt);
    if (answered && probes.inFlight === 0 && probes.now - lastActivity > QUIET_MS) return probes;
    if (probes.now - since > 30_000) throw new Error('the graph was not drawn within 30 s');
    await pause(50);
  }
}

/**
 * Clicks the button `name` and resolves with the milliseconds from the click to the end of the
 * first redraw after the answer of the graph's `ranges` query.
 */
async function clickToDrawn(page: Page, name: string): Promise<number> {
  const clickedAt = await page.getByRole('button', { name, exact: true }).evaluate((button: { click(): void }) => {
    const at = performance.now();
    button.click();
    return at;
  });
  for (;;) {
    const probes = await settled(page, clickedAt, true);
    const answeredAt = probes.rangesAnsweredAt;
    const drawn = probes.bursts.find(({ start }) => start > answeredAt);
    if (answeredAt > clickedAt && drawn) return drawn.end - clickedAt;
    if (probes.now - clickedAt > 30_000) throw new Error(`"${name}" was not drawn within 30 s`);
    await pause(50);
  }
}

/** What one interaction cost: the draw time of each redraw, and the main thread's busy time in all. */
interface InteractionCost {
  kind: string;
  redraws: number[];
  mainThreadMs: number;
  /** Of the main thread's time, what Chrome counts as script, style and layout. */
  parts: Record<BusyPart, number>;
}

const BUSY_PARTS = { script: 'ScriptDuration', style: 'RecalcStyleDuration', layout: 'LayoutDuration' } as const;
type BusyPart = keyof typeof BUSY_PARTS;

/** The main thread's busy time so far (all tasks: script, style, layout, paint) and its parts, in milliseconds. */
async function mainThreadMs(devtools: CDPSession): Promise<{ total: number } & Record<BusyPart, number>> {
  const { metrics } = await devtools.send('Performance.getMetrics');
  const ms = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? NaN) * 1000;
  return {
    total: ms('TaskDuration'),
    script: ms(BUSY_PARTS.script),
    style: ms(BUSY_PARTS.style),
    layout: ms(BUSY_PARTS.layout),
  };
}

/** What `act` cost once the canvas is still again. */
async function costOf(
  page: Page,
  devtools: CDPSession,
  kind: string,
  act: () => Promise<void>,
): Promise<InteractionCost> {
  const since = (await probesOf(page)).now;
  const busyBefore = await mainThreadMs(devtools);
  await act();
  const { bursts } = await settled(page, since, false);
  const busyAfter = await mainThreadMs(devtools);
  return {
    kind,
    redraws: bursts.filter(({ start }) => start > since).map(({ start, end }) => end - start),
    mainThreadMs: busyAfter.total - busyBefore.total,
    parts: {
      script: busyAfter.script - busyBefore.script,
      style: busyAfter.style - busyBefore.style,
      layout: busyAfter.layout - busyBefore.layout,
    },
  };
}

/**
 * Drags across a part of the graph to zoom in, resets the zoom, pans back and forward with the
 * buttons and by Shift + drag: what each of those cost.
 */
async function zoomAndPan(page: Page): Promise<InteractionCost[]> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Performance.enable');
  const graph = page.getByRole('figure', { name: 'Graph' }).or(page.getByRole('region', { name: 'Graph' }));
  const canvas = graph.locator('canvas').first();
  const costs: InteractionCost[] = [];
  const button = (name: string) => () => page.getByRole('button', { name, exact: true }).click();
  // Read before each drag: a click on a button may have scrolled the page, and a drag off the graph moves nothing.
  const dragPlace = async (round: number) => {
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the graph has no canvas');
    return { from: box.x + box.width * (0.2 + (round % 5) / 20), span: box.width * 0.3, y: box.y + box.height / 2 };
  };
  for (let round = 0; round < ZOOM_ROUNDS; round++) {
    const zoom = await dragPlace(round);
    // A drag's moves and its release apart: the release loads the new span, the moves draw frames.
    costs.push(
      await costOf(page, devtools, ZOOM_MOVES, async () => {
        await page.mouse.move(zoom.from, zoom.y);
        await page.mouse.down();
        await moveByHand(page, zoom.from, zoom.from + zoom.span, zoom.y, ZOOM_STEPS);
      }),
    );
    costs.push(await costOf(page, devtools, 'drag to zoom: the release', () => page.mouse.up()));
    for (const name of ['Reset zoom', 'Pan back', 'Pan forward']) {
      costs.push(await costOf(page, devtools, name, button(name)));
    }
    const pan = await dragPlace(round);
    costs.push(
      await costOf(page, devtools, PAN_MOVES, async () => {
        await page.keyboard.down('Shift');
        await page.mouse.move(pan.from + pan.span, pan.y);
        await page.mouse.down();
        await moveByHand(page, pan.from + pan.span, pan.from, pan.y, PAN_STEPS);
      }),
    );
    costs.push(
      await costOf(page, devtools, 'Shift + drag to pan: the release', async () => {
        await page.mouse.up();
        await page.keyboard.up('Shift');
      }),
    );
  }
  return costs;
}

/**
 * Moves the pointer from `fromX` to `toX` in `steps` moves, one every two frames (at 60 Hz) as a
 * hand moves, so that each is drawn in a frame of its own; paced by a timer in this process, not a
 * wait in the page, so that the page's busy time is the app's alone.
 */
async function moveByHand(page: Page, fromX: number, toX: number, y: number, steps: number): Promise<void> {
  for (let step = 1; step <= steps; step++) {
    await page.mouse.move(fromX + ((toX - fromX) * step) / steps, y);
    await pause(MOVE_EVERY_MS);
  }
}

/** The report's lines on zooming and panning. */
function zoomAndPanReport(costs: InteractionCost[]): string[] {
  const frames = costs.flatMap(({ redraws }) => redraws).sort((a, b) => a - b);
  const frameP95 = percentile(frames, 95);
  const lines = [
    `zoom, reset and pan over the year, ${costs.length} interactions, ${frames.length} redraws: ` +
      `draw time p50 ${percentile(frames, 50).toFixed(1)} ms, p95 ${frameP95.toFixed(1)} ms, max ${frames[frames.length - 1].toFixed(1)} ms ` +
      `(target p95 < ${TARGETS.frameP95Ms} ms: ${met(frameP95 < TARGETS.frameP95Ms)})`,
  ];
  for (const [kind, steps] of [
    [ZOOM_MOVES, ZOOM_STEPS],
    [PAN_MOVES, PAN_STEPS],
  ] as const) {
    const drags = costs.filter((cost) => cost.kind === kind);
    if (drags.length === 0) continue;
    const perMove = drags.map((cost) => cost.mainThreadMs / steps).sort((a, b) => a - b);
    const redraws = drags.map((cost) => cost.redraws.length).sort((a, b) => a - b);
    const p95 = percentile(perMove, 95);
    lines.push(
      `  main-thread time of "${kind}", per move, each in a frame of its own (pointer event, redraw, style, layout, paint, commit): ` +
        `p50 ${percentile(perMove, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (frames < ${TARGETS.frameP95Ms} ms at p95: ` +
        `${met(p95 < TARGETS.frameP95Ms)}); redraws per drag p50 ${percentile(redraws, 50)}, max ${redraws[redraws.length - 1]}`,
    );
    console.log(
      `main-thread ms of each "${kind}", in order (script / style / layout of it; redraws): ` +
        drags
          .map(
            ({ mainThreadMs, parts, redraws: drawn }) =>
              `${mainThreadMs.toFixed(0)} (${parts.script.toFixed(0)} / ${parts.style.toFixed(0)} / ${parts.layout.toFixed(0)}; ${drawn.length})`,
          )
          .join(', '),
    );
  }
  for (const kind of new Set(costs.map((cost) => cost.kind))) {
    const busy = costs
      .filter((cost) => cost.kind === kind)
      .map((cost) => cost.mainThreadMs)
      .sort((a, b) => a - b);
    lines.push(
      `  main-thread time of one "${kind}" (all its frames, the answers it asked for included): ` +
        `p50 ${percentile(busy, 50).toFixed(1)} ms, p95 ${percentile(busy, 95).toFixed(1)} ms, max ${busy[busy.length - 1].toFixed(1)} ms`,
    );
  }
  return lines;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const report: string[] = [];
  const log = (...lines: string[]) => {
    report.push(...lines);
    for (const line of lines) console.log(line);
  };
  const year = PARTS.has('graph') || PARTS.has('dashboard');
  if (year) {
    const loadStarted = Date.now();
    const points = await loadYear(dataDir);
    console.log(`loaded ${points.toLocaleString('en-US')} points in ${Date.now() - loadStarted} ms`);
  }
  const env = { DATA_DIR: dataDir, QUESTDB_URL: '', REDIS_URL: '', MQTT_CLIENT_ID: `${PREFIX}-history` };
  const history = await startBuiltApp('history', env, '/history/timeseries/ping');
  const datastore = await startBuiltApp('datastore', env, '/history/datastore/ping');
  const historyUrl = `http://127.0.0.1:${history.port}`;
  if (year) console.log(`rollups caught up in ${await rollupsCaughtUp(historyUrl)} ms`);
  const origin = await startProxy([
    { prefix: '/history/datastore/', target: `http://127.0.0.1:${datastore.port}` },
    { prefix: '/history/', target: historyUrl },
  ]);

  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  cleanups.push(() => browser.close());
  if (PARTS.has('graph')) await graphPart(browser, origin, log);
  if (PARTS.has('fleet')) {
    log(...(await fleetReport(browser, origin, { brokerUrl: MQTT_URL, prefix: PREFIX, ...FLEET })));
  }
  if (PARTS.has('dashboard')) {
    const yearFields = Array.from({ length: FIELDS }, (_, index) => field(index));
    log(
      ...(await dashboardReport(browser, origin, {
        brokerUrl: MQTT_URL,
        prefix: `${PREFIX}-dash`,
        ...FLEET,
        yearFields,
        ...DASHBOARD,
      })),
    );
  }
  if (PARTS.has('tail') && TAIL_MINUTES > 0) {
    log(
      await liveTail(browser, origin, {
        brokerUrl: MQTT_URL,
        key: TAIL_KEY,
        fields: TAIL_FIELDS,
        minutes: TAIL_MINUTES,
      }),
    );
  }
  console.log('\nresults (2 shared cores: other work on the machine lowers these figures)');
  for (const line of report) console.log(line);
}

/** Parts 1 to 4: the first page's JavaScript, click-to-drawn, zoom and pan, and the page's heap. */
async function graphPart(browser: Browser, origin: string, log: (...lines: string[]) => void): Promise<void> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.addInitScript(PAGE_PROBES_SCRIPT);
  page.on('pageerror', (error) => console.log(`the page threw: ${error.message}`));
  const scripts: Array<Promise<Buffer>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body());
  });
  await page.goto(origin, { waitUntil: 'networkidle' });
  const bodies = await Promise.all(scripts);
  const raw = bodies.reduce((sum, body) => sum + body.length, 0);
  const gzipped = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
  log(
    `first page's JavaScript: ${bodies.length} file(s), ${(raw / 1024).toFixed(1)} KB, ${(gzipped / 1024).toFixed(1)} KB gzipped ` +
      `(target at most ${TARGETS.firstPageGzipKb} KB: ${met(gzipped / 1024 <= TARGETS.firstPageGzipKb)})`,
  );

  await page.getByRole('searchbox', { name: 'Search fields' }).fill(`${PREFIX}/`);
  for (let index = 0; index < FIELDS; index++) {
    await page
      .getByRole('tree', { name: 'Fields' })
      .getByRole('treeitem', { name: field(index), exact: true })
      .click();
  }
  const first = await clickToDrawn(page, '1 y');
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await clickToDrawn(page, '7 d');
    times.push(await clickToDrawn(page, '1 y'));
  }
  times.sort((a, b) => a - b);
  const [p50, p99] = [percentile(times, 50), percentile(times, 99)];
  log(
    `click-to-drawn, a year of ${FIELDS} fields (one value per ${STEP_US / 1_000_000} s each), ${RUNS} runs: ` +
      `p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms, ` +
      `the first (timed on its own) ${first.toFixed(0)} ms ` +
      `(target p50 < ${TARGETS.clickToDrawnP50Ms} ms: ${met(p50 < TARGETS.clickToDrawnP50Ms)}, ` +
      `p99 < ${TARGETS.clickToDrawnP99Ms} ms: ${met(p99 < TARGETS.clickToDrawnP99Ms)})`,
  );

  log(...zoomAndPanReport(await zoomAndPan(page)));

  const devtools = await page.context().newCDPSession(page);
  log(`JavaScript heap of the page after all that, garbage collected: ${(await heapMb(devtools, true)).toFixed(1)} MB`);
  await page.context().close();
}

// An hour for the other parts, and the kiosk's minutes on top when the dashboard part runs.
const KIOSK_MINUTES = PARTS.has('dashboard') ? DASHBOARD.kioskMinutes : 0;
runBench('bench:web', (60 + KIOSK_MINUTES) * 60_000, main);
