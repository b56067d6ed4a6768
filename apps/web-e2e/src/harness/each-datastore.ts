import { Locator, Page } from 'playwright-core';
import { screenshot } from './page-checks';
import { DatastoreStore } from './web-stack';

/** One run of a spec's journeys: the store its stack's datastore runs on. */
export interface DatastoreRun {
  /** `datastore` of the run's `WebStack.start`. */
  readonly store: DatastoreStore;
  /**
   * `screenshot` on the embedded run, nothing on the others: the docs' images come from one run,
   * so that they do not change with the store the last run used.
   */
  screenshot(target: Page | Locator, name: string): Promise<void>;
}

const RUNS: Array<{ on: string; run: DatastoreRun }> = [
  { on: 'on the embedded SQLite store', run: { store: 'embedded', screenshot } },
  { on: 'on Redis', run: { store: 'redis', screenshot: async () => undefined } },
];

/** Declares `title`'s journeys once for each store the datastore runs on: `<title> on Redis`, and so on. */
export function describeOnEachDatastore(title: string, journeys: (run: DatastoreRun) => void): void {
  for (const { on, run } of RUNS) describe(`${title} ${on}`, () => journeys(run));
}
