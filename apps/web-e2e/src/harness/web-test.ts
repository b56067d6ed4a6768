import { test as base } from '@playwright/test';
import { DatastoreStore } from './web-stack';

/** The options of a project of playwright.config.ts. */
export interface WebE2eOptions {
  /** Where the datastore of each stack the suites start keeps its documents. */
  datastore: DatastoreStore;
}

/**
 * Playwright's `test` with the project's store as a worker fixture, which a suite's `beforeAll`
 * passes to `WebStack.start`; `browser` is Playwright's own, launched as playwright.config.ts says.
 */
export const test = base.extend<object, WebE2eOptions>({
  datastore: ['embedded', { scope: 'worker', option: true }],
});

export { expect } from '@playwright/test';
