import { Browser, BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '@eventcast/testing';

/** The two screen sizes the app is tested and pictured at. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Starts Chromium as the tests and the benchmark drive it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}

/**
 * A fresh browser profile (its own session storage) with a window of `viewport`, downloads allowed;
 * a control that does not show within 15 s fails the step that waits for it.
 */
export async function newVisitor(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    acceptDownloads: true,
    timezoneId: 'UTC',
  });
  context.setDefaultTimeout(15_000);
  return context;
}
