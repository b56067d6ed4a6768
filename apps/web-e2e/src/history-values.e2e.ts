import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Page } from '@playwright/test';
import { closeVisitors, newVisitor } from './harness/browser';
import { publishHistoryEvent, waitForStoredField } from './harness/history-events';
import {
  choosePreset,
  fieldLeaf,
  latestCells,
  searchField,
  shownFieldCount,
  waitForGraphData,
} from './harness/history-page';
import { seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

test.describe('the history page shows values as a brewer reads them and keeps up with new fields', () => {
  test.describe.configure({ mode: 'serial' });
  const key = `web-e2e-values-${randomBytes(4).toString('hex')}`;
  const beer = `${key}/fermenter/beer[degC]`;
  const wort = `${key}/kettle/wort[degC]`;
  let stack: WebStack;
  let page: Page;
  const violations: string[] = [];

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  test('shows a reading rounded, with its unit, in the latest values and the data table', async () => {
    await publishHistoryEvent(stack, key, { fermenter: { 'beer[degC]': 20.15299960990215 } });
    await waitForStoredField(stack, beer);
    await page.goto(stack.url);
    await (await searchField(page, key, beer)).click();
    await choosePreset(page, '10 min');

    await expect
      .poll(async () => (await latestCells(page, beer))[0], { message: 'the rounded latest value' })
      .toBe('20.15 °C');
    const table = await waitForGraphData(page, 'the reading in the graph data', (shown) => shown.rows.length > 0);
    expect(table.columns).toEqual(['Time', beer]);
    expect(table.rows.map((row) => row[1])).toEqual(['20.15 °C']);
    violations.push(...(await seriousAxeViolations(page, 'rounded values')));
  });

  test('exports the CSV at full precision, and rounded when asked', async () => {
    const exportCsv = async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const [header, ...rows] = readFileSync(await download.path(), 'utf8')
        .trim()
        .split(/\r?\n/)
        .map((line) => line.split(','));
      // Notes an earlier suite added on the same stack are rows of their own, with a last column
      // `annotation` that the readings' rows leave empty.
      const readings = header.at(-1) === 'annotation' ? rows.filter((row) => row.at(-1) === '') : rows;
      return readings.map((row) => row[1]);
    };
    expect(await exportCsv()).toEqual(['20.15299960990215']);
    await page.getByRole('checkbox', { name: 'Round values in the CSV' }).check();
    expect(await exportCsv()).toEqual(['20.15']);
  });

  test('counts a field that arrives while the page is open', async () => {
    await expect.poll(() => shownFieldCount(page), { message: 'the count of the one field found' }).toBe(1);
    await publishHistoryEvent(stack, key, { kettle: { 'wort[degC]': 65 } });
    await expect
      .poll(() => shownFieldCount(page), { message: 'the count to take in the new field', timeout: 20_000 })
      .toBe(2);
    await expect(fieldLeaf(page, wort)).toBeVisible();
  });

  test('has no serious or critical accessibility violation in any of those states', () => {
    expect(violations).toEqual([]);
  });
});
