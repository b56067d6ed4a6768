import { defineConfig } from '@playwright/test';
// Not through @eventcast/testing, whose index needs `tsconfig` below, which applies only once the
// config has loaded.
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import { CHROMIUM_LAUNCH } from '../../libs/testing/src/lib/chromium-launch';
import type { WebE2eOptions } from './src/harness/web-test';

/** The browser specs of the pages that keep their data in the datastore: they run on each of its stores. */
const ON_EACH_DATASTORE = [
  '**/backups.e2e.ts',
  '**/controllers.e2e.ts',
  '**/dashboards.e2e.ts',
  '**/datastore.e2e.ts',
  '**/quick-actions.e2e.ts',
];

/**
 * The browser tests (docs/web.md, "Browser tests"): Debian's Chromium, one worker, no retries, and
 * a trace and a screenshot of each failed test kept under tmp/web-e2e/ (git-ignored), which
 * `.ci/run` lists at the end of a red run.
 */
export default defineConfig<WebE2eOptions>({
  testDir: './src',
  // One tsconfig for every file the tests load, the libs' included: it resolves @eventcast/domain to
  // its browser entry, whose code has no DTO classes, since Playwright's Babel transform cannot
  // compile their decorators.
  tsconfig: './tsconfig.playwright.json',
  testMatch: '**/*.e2e.ts',
  outputDir: '../../tmp/web-e2e/test-results',
  reporter: [['list'], ['json', { outputFile: '../../tmp/web-e2e/results.json' }]],
  // One worker: each suite runs three services, a proxy and Chromium on a 2-core machine beside
  // another Nx target of `npm test`; two would race for the cores the pages' 15 s waits count on.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Fails the run when a test wrote to docs/images (only `npm run docs:screenshots` may).
  globalSetup: './src/harness/docs-images-guard.ts',
  use: {
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'embedded', use: { datastore: 'embedded' } },
    { name: 'redis', use: { datastore: 'redis' }, testMatch: ON_EACH_DATASTORE },
  ],
});
