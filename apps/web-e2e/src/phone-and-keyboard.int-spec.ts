import { randomBytes } from 'node:crypto';
import { Browser, Locator, Page } from 'playwright-core';
import { waitFor } from '@eventcast/testing';
import { blockCard, wordsCutAcrossLines } from './harness/block-cards';
import { createBlocks } from './harness/blocks-api';
import { DESKTOP, launchChromium, newVisitor, PHONE } from './harness/browser';
import { DISCOVERED } from './harness/controllers-page';
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

  describe("on a controller's page", () => {
    const sensor = 'Fridge sensor';
    const edit = () => blockCard(page, sensor).getByRole('button', { name: `Edit ${sensor}` });
    const form = () => page.getByRole('form', { name: `Edit ${sensor}` });
    // The form's first control, whatever its label: where a keyboard user starts filling it in.
    const firstField = () => form().locator('input, select, textarea').first();

    beforeAll(async () => {
      const { client, env } = stack.controller;
      await createBlocks(client, env.SERVICE_ID, [
        { id: sensor, type: 'TempSensorMock', data: { connected: true, setting: 18 } },
      ]);
    }, 30_000);

    it("reaches the user's first block with Tab, Enter, Tab, Enter, Tab: Skip to content, then Skip to blocks", async () => {
      await page.goto(`${stack.url}/controllers/${stack.controller.env.SERVICE_ID}`);
      await page.getByText(`Discovery added 3 blocks: ${DISCOVERED.join(', ')}.`).waitFor();
      const onScreen = async (link: Locator) => {
        await expect(isFocused(link)).resolves.toBe(true);
        const shown = await link.boundingBox();
        expect(shown && shown.y >= 0 && shown.y + shown.height <= PHONE.height).toBe(true);
      };
      await page.keyboard.press('Tab');
      await onScreen(page.getByRole('link', { name: 'Skip to content' }));
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await onScreen(page.getByRole('link', { name: 'Skip to blocks' }));
      await page.keyboard.press('Enter');
      // The user's blocks come before the system blocks: the first card's Edit is the next stop.
      await expect(tabTo(page, edit(), 20)).resolves.toBe(1);
    }, 30_000);

    // The page moves the focus once it has drawn the change: wait for it as a user's eye would.
    const focusOn = (what: string, target: () => Locator) => waitFor(what, () => isFocused(target()), 5_000);

    it("opens a block's form with the focus in its first field, and Escape closes it unsaved with the focus on Edit", async () => {
      await page.keyboard.press('Enter');
      await focusOn("the form's first field", firstField);
      const ticked = await firstField().isChecked();
      await page.keyboard.press('Space');
      await expect(firstField().isChecked()).resolves.toBe(!ticked);

      await page.keyboard.press('Escape');
      await form().waitFor({ state: 'detached' });
      await focusOn('Edit, after Escape', edit);
      await page.keyboard.press('Enter');
      await focusOn("the form's first field, opened again", firstField);
      await expect(firstField().isChecked()).resolves.toBe(ticked);

      await tabTo(page, form().getByRole('button', { name: 'Close' }));
      await page.keyboard.press('Enter');
      await form().waitFor({ state: 'detached' });
      await focusOn('Edit, after Close', edit);
    }, 30_000);

    it("cuts no card's value inside a word, on a desktop's four cards a row nor at 390 px wide", async () => {
      await blockCard(page, 'TempSensorOneWire-1').waitFor();
      // On a desktop a card is about 290 px wide: SystemInfo's names leave its values the least room.
      await page.setViewportSize(DESKTOP);
      await expect(wordsCutAcrossLines(page)).resolves.toEqual([]);
      await page.setViewportSize(PHONE);
      await expect(wordsCutAcrossLines(page)).resolves.toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expect(seriousAxeViolations(page, 'phone, blocks')).resolves.toEqual([]);
    }, 30_000);
  });
});
