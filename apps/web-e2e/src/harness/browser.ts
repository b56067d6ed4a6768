import { Browser, BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and nothing that reaches out of the machine on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The two screen sizes the app is tested and pictured at. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Starts Chromium as the tests and the benchmark drive it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
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
