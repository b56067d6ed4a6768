// The dashboard of bench:web (issue 38): 20 widgets on a bus of 20 controllers of 100 blocks (the
// fleet of fleet.ts, each publishing its state once a second): 6 graphs of 5 fields over 7 days (the
// year of the graph part), 12 block widgets (the marked sensor of 12 controllers), a metrics widget
// of 30 fields (the 10 of the year and 20 published once a second) and a note, saved in the datastore
// and opened as a kiosk. It measures the first render (from opening to every widget drawn: the
// graphs live, the block widgets' values, the 30 metrics) over `runs` openings; each state event's
// publish-to-shown time and the main thread's tasks while live (as fleet.ts does); and the page's
// JavaScript heap every minute of `kioskMinutes` live.
import { connectAsync } from 'mqtt';
import { Browser, Page } from 'playwright-core';
import { historyTopic } from '@eventcast/domain';
import { cleanups } from '../bench-run';
import { percentile } from '../percentile';
import { MARKED_BLOCK, pageLine, startFleet, watchPage } from './fleet';
import { heapMb } from './live-tail';

const TARGETS = { firstRenderP50Ms: 1_000, heapMb: 150 };
const GRAPHS = 6;
const FIELDS_PER_GRAPH = 5;
const BLOCK_WIDGETS = 12;
const LIVE_METRICS = 20;

export interface DashboardOptions {
  brokerUrl: string;
  prefix: string;
  controllers: number;
  blocks: number;
  /** Seconds the kiosk is watched for state events and tasks. */
  seconds: number;
  /** The fields of the graph part's year, at least 10. */
  yearFields: string[];
  /** Openings timed for the first render. */
  runs: number;
  /** Minutes of kiosk mode whose heap is sampled each minute; 0 skips it. */
  kioskMinutes: number;
}

/** The bench's dashboard document, its widgets on the 12-column grid. */
function dashboardDocument(id: string, options: DashboardOptions, controllerIds: string[], liveKey: string) {
  const graphQuery = (graph: number) => {
    const query = new URLSearchParams();
    for (let k = 0; k < FIELDS_PER_GRAPH; k++) {
      query.append('f', options.yearFields[(graph * FIELDS_PER_GRAPH + k) % options.yearFields.length]);
    }
    query.set('range', '7d');
    return query.toString();
  };
  const graphs = Array.from({ length: GRAPHS }, (_, graph) => ({
    id: `graph-${graph}`,
    title: `Graph ${graph + 1}`,
    place: { x: (graph % 2) * 6, y: Math.floor(graph / 2) * 4, w: 6, h: 4 },
    config: { kind: 'graph', query: graphQuery(graph) },
  }));
  const blocks = controllerIds.slice(0, BLOCK_WIDGETS).map((serviceId, index) => ({
    id: `block-${index}`,
    title: `Sensor of ${serviceId}`,
    place: { x: (index % 4) * 3, y: 12 + Math.floor(index / 4) * 2, w: 3, h: 2 },
    config: { kind: 'block', serviceId, blockId: MARKED_BLOCK },
  }));
  const metricFields = [
    ...options.yearFields.slice(0, 10),
    ...Array.from({ length: LIVE_METRICS }, (_, k) => liveField(liveKey, k)),
  ].map((name) => ({ name, staleAfterS: 60 }));
  const metrics = {
    id: 'metrics',
    title: 'Latest values',
    place: { x: 0, y: 18, w: 12, h: 8 },
    config: { kind: 'metrics', fields: metricFields },
  };
  return {
    namespace: 'svc-ui-store:dashboards',
    id,
    title: 'Bench dashboard',
    widgets: [...graphs, ...blocks, metrics],
  };
}

const liveField = (key: string, k: number) => `${key}/sensor ${k}/value[degC]`;

/** Whether every widget of the kiosk is drawn: the graphs live, the block widgets' markers, the 30 metrics' values. */
const ALL_DRAWN = `(() => {
  const widgets = [...document.querySelectorAll('section.dashboard-widget')];
  const liveGraphs = widgets.filter(
    (widget) => widget.querySelector('[role=figure] canvas') && widget.querySelector('.live')?.textContent === 'Live',
  ).length;
  const shownBlocks = widgets.filter((widget) => /(?<!\\d)7\\d{5}(?!\\d)/.test(widget.textContent ?? '')).length;
  const shownMetrics = [...document.querySelectorAll('ul.metrics-widget .metric-value')].filter((value) =>
    /\\d/.test(value.textContent ?? ''),
  ).length;
  return { liveGraphs, shownBlocks, shownMetrics };
})()`;

interface Drawn {
  liveGraphs: number;
  shownBlocks: number;
  shownMetrics: number;
}

const drawn = (page: Page): Promise<Drawn> => page.evaluate<Drawn>(ALL_DRAWN);
const allDrawn = async (page: Page): Promise<boolean> => {
  const { liveGraphs, shownBlocks, shownMetrics } = await drawn(page);
  return liveGraphs >= GRAPHS && shownBlocks >= BLOCK_WIDGETS && shownMetrics >= 10 + LIVE_METRICS;
};

/** Milliseconds from opening `url` in a fresh tab to every widget drawn. */
async function firstRender(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const opened = Date.now();
  await page.goto(url);
  while (!(await allDrawn(page))) {
    if (Date.now() - opened > 60_000) {
      throw new Error(`${url} did not draw every widget within 60 s: ${JSON.stringify(await drawn(page))}`);
    }
    await new Promise((done) => setTimeout(done, 10));
  }
  const ms = Date.now() - opened;
  await context.close();
  return ms;
}

/** Runs the dashboard against the web app at `origin` and returns its report lines. */
export async function dashboardReport(browser: Browser, origin: string, options: DashboardOptions): Promise<string[]> {
  const fleet = await startFleet(options.brokerUrl, options.prefix, options.controllers, options.blocks);
  const liveKey = `${options.prefix}-metrics`;
  const publisher = await connectAsync(options.brokerUrl);
  cleanups.push(() => publisher.endAsync());
  const publishMetrics = () =>
    publisher.publishAsync(
      historyTopic(liveKey),
      JSON.stringify({
        key: liveKey,
        data: Object.fromEntries(
          Array.from({ length: LIVE_METRICS }, (_, k) => [`sensor ${k}`, { 'value[degC]': 18 + Math.random() }]),
        ),
      }),
      { qos: 1 },
    );
  await publishMetrics();
  const metricsTimer = setInterval(() => void publishMetrics().catch((error: unknown) => console.error(error)), 1_000);
  cleanups.push(async () => clearInterval(metricsTimer));

  const id = `bench-${options.prefix}`;
  const saved = await fetch(`${origin}/history/datastore/set`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ value: dashboardDocument(id, options, fleet.ids, liveKey) }),
  });
  if (!saved.ok) throw new Error(`the dashboard was not saved: ${saved.status} ${await saved.text()}`);
  const url = `${origin}/dashboards/${encodeURIComponent(id)}?kiosk`;

  const renders: number[] = [];
  for (let run = 0; run < options.runs; run++) renders.push(await firstRender(browser, url));
  renders.sort((a, b) => a - b);
  const p50 = percentile(renders, 50);
  const shownIds = new Set(fleet.ids.slice(0, BLOCK_WIDGETS));
  const live = await watchPage(browser, fleet, url, options.seconds, allDrawn, (serviceId) => shownIds.has(serviceId));
  const lines = [
    `dashboard: ${GRAPHS} graphs of ${FIELDS_PER_GRAPH} fields over 7 days, ${BLOCK_WIDGETS} block widgets, a metrics widget of ` +
      `${10 + LIVE_METRICS} fields and a note, as a kiosk, on ${options.controllers} controllers of ${options.blocks} blocks:`,
    `  first render (opened to every widget drawn), ${options.runs} openings: p50 ${p50.toFixed(0)} ms, ` +
      `max ${renders[renders.length - 1].toFixed(0)} ms (target p50 < ${TARGETS.firstRenderP50Ms} ms: ` +
      `${p50 < TARGETS.firstRenderP50Ms ? 'met' : 'NOT MET'})`,
    `  ${pageLine('kiosk', `all ${GRAPHS + BLOCK_WIDGETS + 2} widgets`, live)}`,
  ];
  if (options.kioskMinutes > 0) lines.push(`  ${await kioskHeap(browser, fleet, url, options.kioskMinutes)}`);
  return lines;
}

/** The kiosk's heap, garbage collected, each minute of `minutes` live with the fleet publishing. */
async function kioskHeap(
  browser: Browser,
  fleet: Awaited<ReturnType<typeof startFleet>>,
  url: string,
  minutes: number,
): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  cleanups.push(() => context.close());
  const page = await context.newPage();
  await page.goto(url);
  while (!(await allDrawn(page))) await new Promise((done) => setTimeout(done, 50));
  const devtools = await context.newCDPSession(page);
  const stop = fleet.publishEverySecond();
  const samples = [await heapMb(devtools, true)];
  for (let minute = 1; minute <= minutes; minute++) {
    await new Promise((done) => setTimeout(done, 60_000));
    samples.push(await heapMb(devtools, true));
  }
  stop();
  const last = samples[samples.length - 1];
  return (
    `kiosk heap, garbage collected, each minute of ${minutes} min live: ${samples.map((mb) => mb.toFixed(1)).join(', ')} MB ` +
    `(target under ${TARGETS.heapMb} MB and flat: ${last < TARGETS.heapMb ? 'met' : 'NOT MET'}, ` +
    `${(last - samples[0]).toFixed(1)} MB more at the end)`
  );
}
