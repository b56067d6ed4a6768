import { Page, test as base } from '@playwright/test';
import { PrivateBroker } from '@eventcast/testing';
import { DESKTOP, newVisitor, PHONE } from './browser';
import { DatastoreStore, WebStack, WebStackOptions } from './web-stack';

/** The options of a project of playwright.config.ts, and of a suite's `test.use`. */
export interface WebE2eOptions {
  /** Where the datastore of the project's stack keeps its documents. */
  datastore: DatastoreStore;
  /**
   * What the stack runs with besides its store and broker: a suite that needs another kind of stack
   * (a token, the history on QuestDB, a simulated fridge) sets it with `test.use`, and Playwright
   * gives that suite a worker, and so a stack, of its own.
   */
  stackOptions: Omit<WebStackOptions, 'datastore' | 'brokerUrl'>;
}

interface WorkerFixtures extends WebE2eOptions {
  /** The stack's Mosquitto: its own, so no other suite's events (of `npm test`'s other targets) reach the pages. */
  broker: PrivateBroker;
  /** The project's stack, started once per worker and shared by the suites it runs (docs/web.md). */
  stack: WebStack;
}

interface VisitorFixtures {
  /** Another visitor: a desktop page in a fresh browser profile, closed when the test ends. */
  visitor: Page;
  /** A visitor on a phone (390 × 844), closed when the test ends. */
  phone: Page;
  /** Opens one more visitor at `viewport` (the desktop's by default), closed when the test ends. */
  openVisitor: (viewport?: { width: number; height: number }) => Promise<Page>;
}

/**
 * Playwright's `test` with the project's stack as a worker fixture, and visitors as test fixtures:
 * a suite's `beforeAll` takes `stack` (and `browser`, launched as playwright.config.ts says) and
 * a test takes the visitors it needs beside the suite's own page.
 */
export const test = base.extend<VisitorFixtures, WorkerFixtures>({
  datastore: ['embedded', { scope: 'worker', option: true }],
  stackOptions: [{}, { scope: 'worker', option: true }],
  broker: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => {
      const broker = await PrivateBroker.start();
      await use(broker);
      await broker.stop();
    },
    { scope: 'worker' },
  ],
  stack: [
    async ({ broker, datastore, stackOptions }, use) => {
      const stack = await WebStack.start({ ...stackOptions, brokerUrl: broker.url, datastore });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  openVisitor: async ({ browser }, use) => {
    const opened: Page[] = [];
    await use(async (viewport = DESKTOP) => {
      const page = await newVisitor(browser, viewport);
      opened.push(page);
      return page;
    });
    for (const page of opened) await page.context().close();
  },
  visitor: async ({ openVisitor }, use) => use(await openVisitor()),
  phone: async ({ openVisitor }, use) => use(await openVisitor(PHONE)),
});

export { expect } from '@playwright/test';
