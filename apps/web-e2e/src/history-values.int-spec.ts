import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Browser, Page } from 'playwright-core';
import { waitFor } from '@eventcast/testing';
import { launchChromium, newVisitor } from './harness/browser';
import { publishHistoryEvent } from './harness/history-events';
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

describe('the history page shows values as a brewer reads them and keeps up with new fields', () => {
  const key = `web-e2e-values-${randomBytes(4).toString('hex')}`;
  const beer = `${key}/fermenter/beer[degC]`;
  const wort = `${key}/kettle/wort[degC]`;
  let stack: WebStack;
  let browser: Browser;
  let page: Page;
  const violations: string[] = [];

  beforeAll(async () => {
    stack = await WebStack.start();
    browser = await launchChromium();
    page = await (await newVisitor(browser)).newPage();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 30_000);

  it('shows a reading rounded, with its unit, in the latest values and the data table', async () => {
    await publishHistoryEvent(key, { fermenter: { 'beer[degC]': 20.15299960990215 } });
    await waitFor(
      'the history service to store the event',
      async () => (await stack.history.client.POST('/timeseries/fields', { body: {} })).data?.includes(beer),
      20_000,
    );
    await page.goto(stack.url);
    await (await searchField(page, key, beer)).click();
    await choosePreset(page, '10 min');

    await waitFor('the rounded latest value', async () => (await latestCells(page, beer))[0] === '20.15 °C');
    const table = await waitForGraphData(page, 'the reading in the graph data', (shown) => shown.rows.length > 0);
    expect(table.columns).toEqual(['Time', beer]);
    expect(table.rows.map((row) => row[1])).toEqual(['20.15 °C']);
    violations.push(...(await seriousAxeViolations(page, 'rounded values')));
  }, 60_000);

  it('exports the CSV at full precision, and rounded when asked', async () => {
    const exportCsv = async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      return readFileSync(await download.path(), 'utf8')
        .trim()
        .split(/\r?\n/)
        .slice(1);
    };
    expect((await exportCsv()).map((line) => line.split(',')[1])).toEqual(['20.15299960990215']);
    await page.getByRole('checkbox', { name: 'Round values in the CSV' }).check();
    expect((await exportCsv()).map((line) => line.split(',')[1])).toEqual(['20.15']);
  }, 30_000);

  it('counts a field that arrives while the page is open', async () => {
    await waitFor('the count of the one field found', async () => (await shownFieldCount(page)) === 1);
    await publishHistoryEvent(key, { kettle: { 'wort[degC]': 65 } });
    await waitFor('the count to take in the new field', async () => (await shownFieldCount(page)) === 2, 20_000);
    await fieldLeaf(page, wort).waitFor();
  }, 30_000);

  it('has no serious or critical accessibility violation in any of those states', () => {
    expect(violations).toEqual([]);
  });
});
