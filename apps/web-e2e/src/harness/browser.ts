import { Browser, BrowserContext, Page } from '@playwright/test';

/** The two screen sizes the app is tested and pictured at. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * A page in a fresh browser profile (its own session storage) with a window of `viewport`,
 * downloads allowed; a control that does not show within 15 s fails the step that waits for it.
 * Made from Playwright's `browser`, so a failed test keeps its trace and a screenshot.
 */
export async function newVisitor(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    acceptDownloads: true,
    timezoneId: 'UTC',
  });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

/** Closes every visitor's profile: what a suite's `afterAll` does, since the worker keeps `browser`. */
export async function closeVisitors(browser: Browser): Promise<void> {
  for (const context of browser.contexts()) await context.close();
}
