// npm run bench:soak — what the `npm start` stack holds after an hour of use: the stack on its
// embedded broker and stores (three service processes, or one with BENCH_SOAK_ONE_PROCESS=1), its
// simulated controller publishing as it always does, and a browser on the web app: the
// controller's blocks page, live, and its fields on a live 10 min history graph. It prints the
// stack's RSS (npm start's own process plus its services) and each tab's JavaScript heap every
// minute for BENCH_SOAK_MIN minutes (default 60), then the largest and the last against the target
// of 400 MiB (docs/performance.md, "Footprint"). The figures are printed, never judged.
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, Page } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '@eventcast/testing';
import { cleanups, runBench } from './bench-run';
import { startNpmStartStack } from './footprint/npm-start-stack';
import { childPids, rssMiB } from './footprint/process-rss';

const WORKSPACE = resolve(__dirname, '../..');
const MINUTES = Number(process.env['BENCH_SOAK_MIN'] ?? 60);
const ONE_PROCESS = process.env['BENCH_SOAK_ONE_PROCESS'] === '1';
const TARGET_MIB = 400;
const GRAPH_FIELDS = 20;

/** The JavaScript heap a page holds now, in MB, not collected first. */
async function heapMB(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  const { usedSize } = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
  await session.detach();
  return usedSize / 1e6;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-bench-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const options = ONE_PROCESS ? ['--one-process'] : [];
  const stack = await startNpmStartStack(WORKSPACE, dataDir, options);
  const stackRss = () => rssMiB(stack.pid) + childPids(stack.pid).reduce((sum, pid) => sum + rssMiB(pid), 0);
  console.log(`npm start${ONE_PROCESS ? ' --one-process' : ''} answered; idle for 5 s`);
  await sleep(5000);
  const idle = stackRss();

  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  cleanups.push(() => browser.close());
  const newTab = async (path: string) => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${stack.origin}${path}`);
    return page;
  };
  const blocks = await newTab(`/controllers/${encodeURIComponent(stack.serviceId)}`);
  // The page runs discovery as it opens; the blocks it finds publish their history from then on.
  await sleep(10_000);
  const fields = (await (
    await fetch(`${stack.origin}/history/timeseries/fields`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: `${stack.serviceId}/`, limit: GRAPH_FIELDS }),
    })
  ).json()) as string[];
  const view = new URLSearchParams({ range: '10m' });
  for (const field of fields) view.append('f', field);
  const graph = await newTab(`/?${view}`);
  await graph.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 60_000 });
  console.log(`browser: the blocks page of ${stack.serviceId}, and ${fields.length} of its fields live on a graph`);

  let largest = idle;
  for (let minute = 1; minute <= MINUTES; minute++) {
    await sleep(60_000);
    const rss = stackRss();
    largest = Math.max(largest, rss);
    const heaps = await Promise.all([blocks, graph].map(heapMB));
    console.log(
      `minute ${minute}: stack ${rss.toFixed(0)} MiB; tabs' heaps ${heaps.map((heap) => heap.toFixed(1)).join(' and ')} MB`,
    );
  }
  const last = stackRss();
  console.log(
    `npm start${ONE_PROCESS ? ' --one-process' : ''}: idle ${idle.toFixed(0)} MiB, after ${MINUTES} min ` +
      `${last.toFixed(0)} MiB, at most ${largest.toFixed(0)} MiB (target under ${TARGET_MIB} MiB after an hour: ` +
      `${largest < TARGET_MIB ? 'met' : 'NOT met'})`,
  );
}

runBench('bench:soak', (MINUTES + 10) * 60_000, main);
