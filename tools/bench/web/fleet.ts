// The fleet of bench:web: 20 controllers of 100 blocks each on the bus, their retained state events
// published as a controller would (each controller once a second, spread over the second), and the
// controllers page and one controller's 100-block page open on them. What it measures, per page:
// the time from opening it to every controller or block shown; how long each state event takes
// from its publish to being shown (a marker in each event: the controller's version on the
// controllers page, a sensor's value on the blocks page); and the main thread's task durations
// while live (from a Chromium trace: a frame cannot be shorter than the task that holds it). The
// main thread runs thousands of tasks under 1 ms a second (messages between Chromium's processes):
// the task percentiles count only the tasks of 1 ms or more, the ones that do the page's work.
import { connectAsync, MqttClient } from 'mqtt';
import { Browser, Page } from 'playwright-core';
import { BLOCK_CATALOGUE, blockRelations, defaultData } from '@eventcast/block-model';
import { Block } from '@eventcast/domain';
import { cleanups } from '../bench-run';
import { percentile } from '../percentile';

const TARGETS = { appliedMaxMs: 1_000, taskP95Ms: 16 };
/** The sensor whose value carries the blocks page's marker: the first block of every controller. */
export const MARKED_BLOCK = 'TempSensorMock 0';
/** Markers are numbers from here up, which nothing else on the pages shows. */
const MARKER_BASE = 700_000;

/** What the fleet publishes and how long it watches each page. */
export interface FleetOptions {
  brokerUrl: string;
  /** The start of the controllers' service ids. */
  prefix: string;
  controllers: number;
  blocks: number;
  /** Seconds each page is watched live. */
  seconds: number;
}

/** `count` blocks of the user-creatable types of the catalogue, round and round, with their default data. */
function fleetBlocks(serviceId: string, count: number): Block[] {
  const types = [...BLOCK_CATALOGUE.values()].filter((type) => type.system === undefined);
  const marked = types.findIndex((type) => type.name === 'TempSensorMock');
  const ordered = [...types.slice(marked), ...types.slice(0, marked)];
  return Array.from({ length: count }, (_, index) => {
    const type = ordered[index % ordered.length];
    return {
      id: `${type.name} ${Math.floor(index / ordered.length)}`,
      nid: 100 + index,
      serviceId,
      type: type.name,
      data: defaultData(type),
    };
  });
}

/** The controllers on the bus: their state events, each with the marker it carries. */
export class Fleet {
  private seq = 0;
  /** Each marker published: by which controller, and when (Date.now()). */
  readonly published = new Map<number, { id: string; at: number }>();
  private readonly blocks: Map<string, Block[]>;

  constructor(
    private readonly publisher: MqttClient,
    readonly ids: string[],
    blocks: number,
  ) {
    this.blocks = new Map(ids.map((id) => [id, fleetBlocks(id, blocks)]));
  }

  /** Publishes the state of `id`, its version and its marked sensor's value both the next marker. */
  async publish(id: string): Promise<number> {
    const marker = MARKER_BASE + this.seq++;
    const blocks = this.blocks.get(id) ?? [];
    const sensor = blocks[0];
    sensor.data = { ...sensor.data, value: { __objtype: 'Quantity', unit: 'degC', value: marker } };
    const state = {
      key: id,
      type: 'Controller.state',
      data: {
        status: {
          connected: true,
          deviceId: `BENCH${id.slice(-2)}`,
          version: `bench ${marker}`,
          temperatureUnit: 'degC',
        },
        blocks,
        relations: blockRelations(blocks),
      },
    };
    this.published.set(marker, { id, at: Date.now() });
    await this.publisher.publishAsync(`eventcast/state/${id}`, JSON.stringify(state), { qos: 1, retain: true });
    return marker;
  }

  /** Publishes every controller's state once a second, spread evenly, until the returned stop is called. */
  publishEverySecond(): () => void {
    let next = 0;
    const timer = setInterval(() => {
      const id = this.ids[next++ % this.ids.length];
      void this.publish(id).catch((error: unknown) => console.error(error));
    }, 1_000 / this.ids.length);
    return () => clearInterval(timer);
  }
}

/** Records in the page when each marker is first shown: `window.__fleetSeen[marker] = Date.now()`. */
const WATCH_MARKERS = `(() => {
  const seen = (window.__fleetSeen = {});
  const note = (text) => {
    for (const [number] of String(text).matchAll(/\\b7\\d{5}\\b/g)) seen[number] ??= Date.now();
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') note(record.target.data);
      for (const node of record.addedNodes) note(node.textContent);
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

/** What one page showed of the fleet. */
export interface PageFigures {
  shownMs: number;
  applied: number[];
  missed: number;
  tasks: number[];
}

/** Opens `path`, waits until `shown` holds, then watches the fleet live for `seconds`. */
export async function watchPage(
  browser: Browser,
  fleet: Fleet,
  url: string,
  seconds: number,
  shown: (page: Page) => Promise<boolean>,
  shownOnPage: (id: string) => boolean,
): Promise<PageFigures> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  cleanups.push(() => page.context().close());
  const opened = Date.now();
  await page.goto(url);
  while (!(await shown(page))) {
    if (Date.now() - opened > 60_000) throw new Error(`${url} did not show the fleet within 60 s`);
    await new Promise((done) => setTimeout(done, 20));
  }
  const shownMs = Date.now() - opened;
  await page.evaluate(WATCH_MARKERS);
  await browser.startTracing(page, { categories: ['toplevel'] });
  const publishedFrom = fleet.published.size;
  const stop = fleet.publishEverySecond();
  await new Promise((done) => setTimeout(done, seconds * 1_000));
  stop();
  // The last events of the window get a second to arrive before the page is read.
  await new Promise((done) => setTimeout(done, 1_000));
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const seen = await page.evaluate(
    () => (globalThis as unknown as { __fleetSeen: Record<string, number> }).__fleetSeen,
  );
  const shownHere = [...fleet.published].slice(publishedFrom).filter(([, { id }]) => shownOnPage(id));
  const applied = shownHere
    .filter(([marker]) => seen[marker] !== undefined)
    .map(([marker, { at }]) => seen[marker] - at)
    .sort((a, b) => a - b);
  await page.context().close();
  return { shownMs, applied, missed: shownHere.length - applied.length, tasks: mainThreadTasks(trace.traceEvents) };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/** The durations (ms, sorted) of the tasks of the renderers' main threads in a trace, from 1 ms up. */
function mainThreadTasks(events: TraceEvent[]): number[] {
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  return events
    .filter(
      (event) =>
        event.name === 'ThreadControllerImpl::RunTask' &&
        event.ph === 'X' &&
        mainThreads.has(`${event.pid}:${event.tid}`),
    )
    .map((event) => (event.dur ?? 0) / 1000)
    .filter((ms) => ms >= 1)
    .sort((a, b) => a - b);
}

/** The report line of one page. */
export function pageLine(name: string, what: string, figures: PageFigures): string {
  const { shownMs, applied, missed, tasks } = figures;
  const max = applied[applied.length - 1] ?? NaN;
  const taskP95 = percentile(tasks, 95);
  const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  return (
    `${name}: ${what} shown ${shownMs} ms after opening; ${applied.length + missed} state events shown live: ` +
    `publish to shown p50 ${percentile(applied, 50).toFixed(0)} ms, p99 ${percentile(applied, 99).toFixed(0)} ms, ` +
    `max ${max.toFixed(0)} ms, ${missed} never shown (each within ${TARGETS.appliedMaxMs} ms: ` +
    `${met(missed === 0 && max <= TARGETS.appliedMaxMs)}); main-thread tasks of 1 ms or more while live: ${tasks.length}, ` +
    `p50 ${percentile(tasks, 50).toFixed(1)} ms, p95 ${taskP95.toFixed(1)} ms, max ${(tasks[tasks.length - 1] ?? NaN).toFixed(1)} ms, ` +
    `${tasks.filter((ms) => ms > 16).length} over 16 ms (p95 under ${TARGETS.taskP95Ms} ms: ${met(taskP95 < TARGETS.taskP95Ms)})`
  );
}

/** The fleet's controllers on the bus, each state published once; their retained states cleared at the end. */
export async function startFleet(
  brokerUrl: string,
  prefix: string,
  controllers: number,
  blocks: number,
): Promise<Fleet> {
  const publisher = await connectAsync(brokerUrl);
  const ids = Array.from({ length: controllers }, (_, index) => `${prefix}-c${String(index).padStart(2, '0')}`);
  const fleet = new Fleet(publisher, ids, blocks);
  // Retained states outlive the bench unless cleared: an empty retained message removes each.
  cleanups.push(async () => {
    for (const id of ids) await publisher.publishAsync(`eventcast/state/${id}`, '', { qos: 1, retain: true });
    await publisher.endAsync();
  });
  for (const id of ids) await fleet.publish(id);
  return fleet;
}

/** Runs the fleet against the web app at `origin` and returns its report lines. */
export async function fleetReport(browser: Browser, origin: string, options: FleetOptions): Promise<string[]> {
  const { brokerUrl, prefix, controllers, blocks, seconds } = options;
  const fleet = await startFleet(brokerUrl, prefix, controllers, blocks);
  const { ids } = fleet;
  const list = (page: Page) => page.getByRole('list', { name: 'Controllers' });
  const controllersPage = await watchPage(
    browser,
    fleet,
    `${origin}/controllers`,
    seconds,
    async (page) => (await list(page).getByRole('listitem').filter({ hasText: prefix }).count()) === controllers,
    () => true,
  );
  const first = ids[0];
  const blocksPage = await watchPage(
    browser,
    fleet,
    `${origin}/controllers/${encodeURIComponent(first)}`,
    seconds,
    async (page) => (await page.getByRole('list', { name: 'Blocks' }).locator(':scope > li').count()) === blocks,
    (id) => id === first,
  );
  return [
    `fleet: ${controllers} controllers of ${blocks} blocks (${MARKED_BLOCK} and the rest of the catalogue's types), ` +
      `each publishing its state once a second, ${seconds} s live per page:`,
    `  ${pageLine('controllers page', `all ${controllers} controllers`, controllersPage)}`,
    `  ${pageLine(`blocks page of one controller`, `its ${blocks} blocks`, blocksPage)}`,
  ];
}
