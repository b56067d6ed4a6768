import { randomBytes } from 'node:crypto';
import { Browser, Page } from 'playwright-core';
import { waitFor } from '@eventcast/testing';
import { launchChromium, newVisitor, PHONE } from './harness/browser';
import { publishHistoryEvent } from './harness/history-events';
import { columnPoints, fieldLeaf, waitForGraphData } from './harness/history-page';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { arrowDownTo, isFocused, tabTo } from './harness/keyboard';
import { WebStack } from './harness/web-stack';

describe('a user on a phone, by keyboard only', () => {
  const key = `web-e2e-phone-${randomBytes(4).toString('hex')}`;
  const field = `${key}/fridge/temp[degC]`;
  let stack: WebStack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await WebStack.start();
    browser = await launchChromium();
    page = await (await newVisitor(browser, PHONE)).newPage();
    await publishHistoryEvent(key, { fridge: { 'temp[degC]': 3.75 } });
    await waitFor(
      'the history service to store the event',
      async () => (await stack.history.client.POST('/timeseries/fields', { body: {} })).data?.includes(field),
      20_000,
    );
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 30_000);

  it('fits a 390 px wide screen without sideways scrolling', async () => {
    await page.goto(stack.url);
    await page.getByRole('heading', { level: 1, name: 'History' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(page, 'phone, empty page')).resolves.toEqual([]);
  }, 30_000);

  it('picks a field and a preset with Tab, the arrow keys, Enter and Space, and reads the data as a table', async () => {
    const search = page.getByRole('searchbox', { name: 'Search fields' });
    await tabTo(page, search);
    await page.keyboard.type(key);
    const leaf = fieldLeaf(page, field);
    await leaf.waitFor({ timeout: 15_000 });
    await tabTo(page, page.getByRole('tree', { name: 'Fields' }).getByRole('treeitem').first());
    await arrowDownTo(page, leaf);
    await page.keyboard.press('Space');
    await expect(leaf.getAttribute('aria-selected')).resolves.toBe('true');

    const preset = page.getByRole('button', { name: '1 h', exact: true });
    await tabTo(page, preset);
    await page.keyboard.press('Enter');
    await expect(preset.getAttribute('aria-pressed')).resolves.toBe('true');

    const asTable = page.getByRole('button', { name: 'Show data as table' });
    await tabTo(page, asTable);
    await page.keyboard.press('Space');
    await expect(isFocused(asTable)).resolves.toBe(true);
    const table = await waitForGraphData(page, 'the value in the graph data', (shown) =>
      columnPoints(shown, field).some(({ value }) => value === 3.75),
    );
    expect(columnPoints(table, field).map(({ value }) => value)).toEqual([3.75]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(page, 'phone, graph with its data table')).resolves.toEqual([]);
    await screenshot(page, 'phone');
  }, 60_000);
});
