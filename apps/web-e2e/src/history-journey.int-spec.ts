import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Browser, Page } from 'playwright-core';
import { waitFor } from '@eventcast/testing';
import { launchChromium, newVisitor } from './harness/browser';
import { describeOnGraphQuestDb } from './harness/graph-store';
import { publishHistoryEvent } from './harness/history-events';
import { choosePreset, columnPoints, fieldLeaf, searchField, waitForGraphData } from './harness/history-page';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';

/** The time an event waits before the next, longer than the widest bucket of a 10 min graph here. */
const EVENT_SPACING_MS = 2_100;

describeOnGraphQuestDb('a user explores a fermenter history in the browser', (questDbUrl) => {
  const key = `web-e2e-${randomBytes(4).toString('hex')}`;
  const beer = `${key}/fermenter/beer[degC]`;
  const pressure = `${key}/fermenter/pressure[bar]`;
  const viewName = `Fermenter ${key}`;
  const keptViewName = `Kept ${key}`;
  /** Three events; the second has no pressure, a gap the graph must keep. */
  const events = [{ beer: 18.5, pressure: 1.1 }, { beer: 19.25 }, { beer: 20, pressure: 1.3 }];
  let stack: WebStack;
  let browser: Browser;
  let page: Page;
  let publishedFrom: number;
  const violations: string[] = [];

  const publish = (values: { beer: number; pressure?: number }) =>
    publishHistoryEvent(key, {
      fermenter: {
        'beer[degC]': values.beer,
        ...(values.pressure !== undefined && { 'pressure[bar]': values.pressure }),
      },
    });

  beforeAll(async () => {
    stack = await WebStack.start({ historyEnv: { QUESTDB_URL: questDbUrl } });
    browser = await launchChromium();
    page = await (await newVisitor(browser)).newPage();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 30_000);

  it('finds the published fields by searching the picker', async () => {
    publishedFrom = Date.now();
    for (const values of events) {
      await publish(values);
      await new Promise((done) => setTimeout(done, EVENT_SPACING_MS));
    }
    await waitFor(
      'the history service to store the events',
      async () => (await stack.history.client.POST('/timeseries/fields', { body: {} })).data?.includes(pressure),
      20_000,
    );

    await page.goto(stack.url);
    await page.getByRole('heading', { level: 1, name: 'History' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'History' }).waitFor();
    violations.push(...(await seriousAxeViolations(page, 'empty page')));

    await searchField(page, `${key}/FERMENTER`, beer);
    await expect(fieldLeaf(page, pressure).isVisible()).resolves.toBe(true);
    violations.push(...(await seriousAxeViolations(page, 'search results')));
  }, 60_000);

  it('draws both fields on two axes with the values that were published, gaps kept', async () => {
    for (const field of [beer, pressure]) {
      await fieldLeaf(page, field).click();
      await expect(fieldLeaf(page, field).getAttribute('aria-selected')).resolves.toBe('true');
    }
    const chosen = page.getByRole('list', { name: 'Graph fields' });
    await chosen.getByLabel(`Label for ${beer}`).fill('Beer');
    await chosen.getByLabel(`Label for ${pressure}`).fill('Pressure');
    await choosePreset(page, '10 min');
    await expect(page.getByRole('button', { name: '10 min' }).getAttribute('aria-pressed')).resolves.toBe('true');

    const graph = page.getByRole('figure', { name: 'Graph' }).or(page.getByRole('region', { name: 'Graph' }));
    await graph.locator('canvas').first().waitFor();
    await page.getByText(/^Bucket: /).waitFor();
    for (const unit of ['degC', 'bar']) {
      await page.getByLabel(`Y min (${unit})`).waitFor();
      await page.getByLabel(`Y max (${unit})`).waitFor();
    }

    const table = await waitForGraphData(
      page,
      'the three events in the graph data',
      (shown) => shown.columns.includes('Pressure') && columnPoints(shown, 'Beer').length === events.length,
    );
    expect(table.columns).toEqual(['Time', 'Beer', 'Pressure']);
    expect(columnPoints(table, 'Beer').map(({ value }) => value)).toEqual([18.5, 19.25, 20]);
    expect(columnPoints(table, 'Pressure').map(({ value }) => value)).toEqual([1.1, 1.3]);
    const gapRow = table.rows.find((row) => row[1] === '19.25 °C');
    expect(gapRow?.[2]).toBe('');
    for (const { time } of columnPoints(table, 'Beer')) {
      expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      // A bucket starts at most its width (here under 5 s) before the event it holds.
      expect(Date.parse(time)).toBeGreaterThan(publishedFrom - 5_000);
      expect(Date.parse(time)).toBeLessThanOrEqual(Date.now());
    }
    violations.push(...(await seriousAxeViolations(page, 'graph with its data table')));
    await screenshot(page, 'history-graph');
  }, 60_000);

  it('draws a new event live while the range ends now', async () => {
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 10_000 });
    await publish({ beer: 21.75, pressure: 1.4 });
    const table = await waitForGraphData(page, 'the new event in the graph data', (shown) =>
      columnPoints(shown, 'Beer').some(({ value }) => value === 21.75),
    );
    expect(columnPoints(table, 'Beer').map(({ value }) => value)).toEqual([18.5, 19.25, 20, 21.75]);
    expect(columnPoints(table, 'Pressure').map(({ value }) => value)).toEqual([1.1, 1.3, 1.4]);
    await expect(page.getByRole('status').textContent()).resolves.toContain('Live');
    violations.push(...(await seriousAxeViolations(page, 'live graph')));
  }, 30_000);

  it('shows the latest value of each field with its age, marked stale past the set age', async () => {
    const latest = page.getByRole('region', { name: 'Latest values' });
    const rowOf = (label: string) =>
      latest.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    const cellsOf = async (label: string) =>
      (await rowOf(label).getByRole('cell').allTextContents()).map((text) => text.trim());
    const staleAfter = latest.getByLabel('Stale after (s)');
    await staleAfter.fill('3600');
    await staleAfter.press('Enter');
    await waitFor('the latest values of both fields', async () => {
      const [beerCells, pressureCells] = [await cellsOf('Beer'), await cellsOf('Pressure')];
      return beerCells[0] === '21.75 °C' && pressureCells[0] === '1.400 bar' && !beerCells[1].includes('stale');
    });
    expect((await cellsOf('Beer'))[1]).toMatch(/^\d+ s$/);

    await staleAfter.fill('1');
    await staleAfter.press('Enter');
    await waitFor('the values to be marked stale', async () => (await cellsOf('Beer'))[1].includes('stale'));
    violations.push(...(await seriousAxeViolations(page, 'latest values, stale')));
    await latest.scrollIntoViewIfNeeded();
    await screenshot(page, 'latest-values');
    await staleAfter.fill('3600');
    await staleAfter.press('Enter');
    await waitFor('the stale mark to go', async () => !(await cellsOf('Beer'))[1].includes('stale'));
  }, 30_000);

  it('exports the shown fields and range as CSV, and the graph as PNG', async () => {
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const lines = readFileSync(await csv.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    const header = lines[0].split(',');
    expect(header.slice(1)).toEqual([beer, pressure]);
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.map((row) => Number(row[1]))).toEqual([18.5, 19.25, 20, 21.75]);
    expect(rows.map((row) => row[2])).toEqual(['1.1', '', '1.3', '1.4']);

    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toMatch(/\.png$/);
    expect(
      readFileSync(await png.path())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  }, 30_000);

  it('saves the view, which its URL alone reopens in a new page, and deletes it', async () => {
    await page.getByLabel('View name').fill(viewName);
    await page.getByRole('button', { name: 'Save view' }).click();
    const link = page.getByRole('list', { name: 'Saved views' }).getByRole('link', { name: viewName, exact: true });
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();

    const reopened = await (await newVisitor(browser)).newPage();
    await reopened.goto(new URL(href ?? '', stack.url).href);
    await expect(reopened.getByLabel(`Label for ${beer}`).inputValue()).resolves.toBe('Beer');
    const table = await waitForGraphData(reopened, 'the saved view to draw its fields', (shown) =>
      columnPoints(shown, 'Beer').some(({ value }) => value === 21.75),
    );
    expect(table.columns).toEqual(['Time', 'Beer', 'Pressure']);
    expect(columnPoints(table, 'Beer').map(({ value }) => value)).toEqual([18.5, 19.25, 20, 21.75]);
    violations.push(...(await seriousAxeViolations(reopened, 'reopened saved view')));
    await screenshot(reopened, 'saved-view');
    await reopened.context().close();

    // A second view shows when a new page has read the list, so the first one's absence means it is gone.
    await page.getByLabel('View name').fill(keptViewName);
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('button', { name: `Delete ${viewName}` }).click();
    await link.waitFor({ state: 'detached' });
    const later = await (await newVisitor(browser)).newPage();
    await later.goto(stack.url);
    const savedViews = later.getByRole('list', { name: 'Saved views' });
    await savedViews.getByRole('link', { name: keptViewName, exact: true }).waitFor();
    await expect(savedViews.getByRole('link', { name: viewName, exact: true }).count()).resolves.toBe(0);
    await later.context().close();
  }, 60_000);

  it('has no serious or critical accessibility violation in any of those states', () => {
    expect(violations).toEqual([]);
  });
});
