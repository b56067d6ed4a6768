// The live tail of bench:web: a controller's 300 fields published once a second, every one of them
// drawn live. A graph takes at most 20 fields, so the 300 are 15 views of 20 fields, each in a tab
// of its own (a browser context each, so no two share a renderer's heap), all on a live "10 min"
// graph for the given minutes; each tab's JavaScript heap is read every minute and at the end.
import { connectAsync } from 'mqtt';
import { Browser, CDPSession, Page } from 'playwright-core';
import { historyTopic } from '@eventcast/domain';
import { cleanups } from '../bench-run';

/** The most fields one graph takes. */
export const GRAPH_FIELDS = 20;
const HEAP_TARGET_MB = 150;

/** What the live tail publishes and how long it watches. */
export interface LiveTailOptions {
  brokerUrl: string;
  /** The history key the fields are published under. */
  key: string;
  fields: number;
  minutes: number;
}

/** The page's JavaScript heap in MB, after a garbage collection when `collect`. */
export async function heapMb(devtools: CDPSession, collect: boolean): Promise<number> {
  if (collect) await devtools.send('HeapProfiler.collectGarbage');
  const { usedSize } = await devtools.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

/** The name of field `index` of the live tail. */
function tailField(key: string, index: number): string {
  return `${key}/block ${index}/value[degC]`;
}

/** Publishes an event of all the fields once a second until the bench ends. */
async function publishEverySecond(brokerUrl: string, key: string, fields: number): Promise<void> {
  const publisher = await connectAsync(brokerUrl);
  cleanups.push(() => publisher.endAsync());
  let seq = 0;
  const publish = () => {
    const data: Record<string, Record<string, number>> = {};
    for (let block = 0; block < fields; block++)
      data[`block ${block}`] = { 'value[degC]': 20 + ((seq + block) % 50) / 10 };
    seq++;
    return publisher.publishAsync(historyTopic(key), JSON.stringify({ key, data }), { qos: 1 });
  };
  await publish();
  const timer = setInterval(() => void publish().catch((error: unknown) => console.error(error)), 1_000);
  cleanups.push(async () => clearInterval(timer));
}

/** A tab showing fields `first` to `first + GRAPH_FIELDS - 1` on a live 10 min graph, opened from the view's URL. */
async function openTab(browser: Browser, origin: string, key: string, first: number): Promise<Page> {
  const view = new URLSearchParams({ range: '10m' });
  for (let index = first; index < first + GRAPH_FIELDS; index++) view.append('f', tailField(key, index));
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`${origin}/?${view}`);
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 60_000 });
  return page;
}

/** Fails unless the page still shows the live status. */
async function expectLive(page: Page): Promise<void> {
  const status = (await page.getByRole('status').allTextContents()).join(' ');
  if (!status.includes('Live')) throw new Error(`the live tail stopped: the status reads "${status}"`);
}

/** Runs the live tail and returns its report line. */
export async function liveTail(browser: Browser, origin: string, options: LiveTailOptions): Promise<string> {
  const { brokerUrl, key, fields, minutes } = options;
  await publishEverySecond(brokerUrl, key, fields);
  const tabs: Array<{ page: Page; devtools: CDPSession }> = [];
  for (let first = 0; first < fields; first += GRAPH_FIELDS) {
    const page = await openTab(browser, origin, key, first);
    tabs.push({ page, devtools: await page.context().newCDPSession(page) });
  }
  const heaps = async (collect: boolean) => Promise.all(tabs.map(({ devtools }) => heapMb(devtools, collect)));
  const largest = (values: number[]) => Math.max(...values);
  const start = largest(await heaps(true));
  console.log(
    `live tail: ${fields} fields live in ${tabs.length} tabs, largest heap ${start.toFixed(1)} MB at the start`,
  );
  let peak = start;
  for (let minute = 1; minute <= minutes; minute++) {
    await new Promise((done) => setTimeout(done, 60_000));
    const used = largest(await heaps(false));
    peak = Math.max(peak, used);
    console.log(`live tail: minute ${minute}, largest heap of a tab ${used.toFixed(1)} MB (not collected)`);
  }
  const end = largest(await heaps(true));
  for (const { page } of tabs) await expectLive(page);
  const met = end < HEAP_TARGET_MB && peak < HEAP_TARGET_MB;
  return (
    `live tail of ${minutes} min, ${fields} fields published once a second, all live: ${tabs.length} tabs of ${GRAPH_FIELDS} fields ` +
    `on a 10 min graph; the largest tab's heap ${start.toFixed(1)} MB at the start, ${end.toFixed(1)} MB at the end (garbage collected), ` +
    `at most ${peak.toFixed(1)} MB between (target under ${HEAP_TARGET_MB} MB: ${met ? 'met' : 'NOT MET'})`
  );
}
