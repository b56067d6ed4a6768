import { randomBytes } from 'node:crypto';
import { Page } from '@playwright/test';
import { closeVisitors, newVisitor } from './harness/browser';
import { publishHistoryEvent, waitForStoredField } from './harness/history-events';
import { columnPoints, searchField, waitForGraphData } from './harness/history-page';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

/** The relative luminance (0 black to 1 white) of a CSS `rgb(r, g, b)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test.describe("the app's look follows the system's colour scheme", () => {
  test.describe.configure({ mode: 'serial' });
  const key = `web-e2e-look-${randomBytes(4).toString('hex')}`;
  const field = `${key}/fridge/beer[degC]`;
  let stack: WebStack;
  let page: Page;

  /** The luminance of what the page's content sits on: the root's background. */
  const pageLuminance = async () =>
    luminance(await page.locator('html').evaluate((root) => getComputedStyle(root).backgroundColor));
  /** How many of the graph canvas's pixels are about `hex` (the axes' labels and ticks are drawn there). */
  const canvasPixelsOf = (hex: string) =>
    page
      .getByRole('figure', { name: 'Graph' })
      .locator('canvas')
      .first()
      .evaluate(
        (canvas: HTMLCanvasElement, wanted: number[]) => {
          const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
          let count = 0;
          for (let i = 0; i < pixels.length; i += 4) {
            const distance = wanted.reduce((sum, part, k) => sum + Math.abs(part - pixels[i + k]), 0);
            if (pixels[i + 3] > 200 && distance < 30) count += 1;
          }
          return count;
        },
        [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)),
      );

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    page = await newVisitor(browser);
    await publishHistoryEvent(stack, key, { fridge: { 'beer[degC]': 19.8 } });
    await waitForStoredField(stack, field);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  test('is light by day, with dark text', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(stack.url);
    await (await searchField(page, `${key}/`, field)).click();
    await waitForGraphData(page, 'the value on the graph', (table) => columnPoints(table, field).length > 0);
    expect(await pageLuminance()).toBeGreaterThan(0.8);
  });

  test('turns dark when the system does, the open graph too, without a reload', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(pageLuminance).toBeLessThan(0.05);
    // The dark scheme's --muted: the axes' labels, redrawn light on the dark page.
    await expect.poll(() => canvasPixelsOf('#b0b6be')).toBeGreaterThan(50);
    await expect(seriousAxeViolations(page, 'dark, history with a graph')).resolves.toEqual([]);
    await screenshot(page, 'history-dark');
  });

  for (const [path, heading] of [
    ['/controllers', 'Controllers'],
    ['/datastore', 'Datastore'],
    ['/brews', 'Brew log'],
  ] as const) {
    test(`shows ${heading} dark, with contrast that axe-core accepts`, async () => {
      // axe-core's contrast check of a live page of many blocks took 40 s of the 60 s a test has on a
      // machine running other browser suites beside this one (CI of 28 November).
      test.slow();
      await page.goto(`${stack.url}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await pageLuminance()).toBeLessThan(0.05);
      await expect(seriousAxeViolations(page, `dark, ${heading}`)).resolves.toEqual([]);
    });
  }
});
