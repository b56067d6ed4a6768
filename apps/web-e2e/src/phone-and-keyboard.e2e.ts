import { randomBytes } from 'node:crypto';
import { Locator, Page } from '@playwright/test';
import { blockCard, wordsCutAcrossLines } from './harness/block-cards';
import { createBlocks } from './harness/blocks-api';
import { closeVisitors, DESKTOP, newVisitor, PHONE } from './harness/browser';
import { DISCOVERED } from './harness/controllers-page';
import { publishHistoryEvent, waitForStoredField } from './harness/history-events';
import { columnPoints, fieldLeaf, waitForGraphData } from './harness/history-page';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { arrowDownTo, tabTo } from './harness/keyboard';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

test.describe('a user on a phone, by keyboard only', () => {
  test.describe.configure({ mode: 'serial' });
  const key = `web-e2e-phone-${randomBytes(4).toString('hex')}`;
  const field = `${key}/fridge/temp[degC]`;
  let stack: WebStack;
  let page: Page;

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    page = await newVisitor(browser, PHONE);
    await publishHistoryEvent(stack, key, { fridge: { 'temp[degC]': 3.75 } });
    await waitForStoredField(stack, field);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  test('fits a 390 px wide screen without sideways scrolling', async () => {
    await page.goto(stack.url);
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(page, 'phone, empty page')).resolves.toEqual([]);
  });

  test('picks a field and a preset with Tab, the arrow keys, Enter and Space, and reads the data as a table', async () => {
    const search = page.getByRole('searchbox', { name: 'Search fields' });
    await tabTo(page, search);
    await page.keyboard.type(key);
    const leaf = fieldLeaf(page, field);
    await expect(leaf).toBeVisible();
    await tabTo(page, page.getByRole('tree', { name: 'Fields' }).getByRole('treeitem').first());
    await arrowDownTo(page, leaf);
    await page.keyboard.press('Space');
    await expect(leaf).toHaveAttribute('aria-selected', 'true');

    const preset = page.getByRole('button', { name: '1 h', exact: true });
    await tabTo(page, preset);
    await page.keyboard.press('Enter');
    await expect(preset).toHaveAttribute('aria-pressed', 'true');

    const asTable = page.getByRole('button', { name: 'Show data as table' });
    await tabTo(page, asTable);
    await page.keyboard.press('Space');
    await expect(asTable).toBeFocused();
    const table = await waitForGraphData(page, 'the value in the graph data', (shown) =>
      columnPoints(shown, field).some(({ value }) => value === 3.75),
    );
    expect(columnPoints(table, field).map(({ value }) => value)).toEqual([3.75]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(page, 'phone, graph with its data table')).resolves.toEqual([]);
    await screenshot(page, 'phone');
  });

  test.describe("on a controller's page", () => {
    const sensor = 'Fridge sensor';
    const edit = () => blockCard(page, sensor).getByRole('button', { name: `Edit ${sensor}` });
    const form = () => page.getByRole('form', { name: `Edit ${sensor}` });
    // The form's first control, whatever its label: where a keyboard user starts filling it in.
    const firstField = () => form().locator('input, select, textarea').first();

    test.beforeAll(async () => {
      const { client, env } = stack.controller;
      await createBlocks(client, env.SERVICE_ID, [
        { id: sensor, type: 'TempSensorMock', data: { connected: true, setting: 18 } },
      ]);
    });

    test("reaches the user's first block with Tab, Enter, Tab, Enter, Tab: Skip to content, then Skip to blocks", async () => {
      await page.goto(`${stack.url}/controllers/${stack.controller.env.SERVICE_ID}`);
      await expect(page.getByText(`Discovery added 3 blocks: ${DISCOVERED.join(', ')}.`)).toBeVisible();
      const onScreen = async (link: Locator) => {
        await expect(link).toBeFocused();
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
    });

    // The page moves the focus once it has drawn the change: wait for it as a user's eye would.
    const focusOn = (what: string, target: () => Locator) => expect(target(), what).toBeFocused({ timeout: 5_000 });

    test("opens a block's form with the focus in its first field, and Escape closes it unsaved with the focus on Edit", async () => {
      await page.keyboard.press('Enter');
      await focusOn("the form's first field", firstField);
      const ticked = await firstField().isChecked();
      await page.keyboard.press('Space');
      await expect(firstField().isChecked()).resolves.toBe(!ticked);

      await page.keyboard.press('Escape');
      await expect(form()).toHaveCount(0);
      await focusOn('Edit, after Escape', edit);
      await page.keyboard.press('Enter');
      await focusOn("the form's first field, opened again", firstField);
      await expect(firstField().isChecked()).resolves.toBe(ticked);

      await tabTo(page, form().getByRole('button', { name: 'Close' }));
      await page.keyboard.press('Enter');
      await expect(form()).toHaveCount(0);
      await focusOn('Edit, after Close', edit);
    });

    test("cuts no card's value inside a word, on a desktop's four cards a row nor at 390 px wide", async () => {
      await expect(blockCard(page, 'TempSensorOneWire-1')).toBeVisible();
      // On a desktop a card is about 290 px wide: SystemInfo's names leave its values the least room.
      await page.setViewportSize(DESKTOP);
      await expect(wordsCutAcrossLines(page)).resolves.toEqual([]);
      await page.setViewportSize(PHONE);
      await expect(wordsCutAcrossLines(page)).resolves.toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expect(seriousAxeViolations(page, 'phone, blocks')).resolves.toEqual([]);
    });
  });
});
