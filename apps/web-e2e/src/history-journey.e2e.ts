import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Page } from '@playwright/test';
import { closeVisitors, newVisitor } from './harness/browser';
import { describeOnGraphQuestDb } from './harness/graph-store';
import { publishHistoryEvent, waitForStoredField } from './harness/history-events';
import { choosePreset, columnPoints, fieldLeaf, searchField, waitForGraphData } from './harness/history-page';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

/** The time an event waits before the next, longer than the widest bucket of a 10 min graph here. */
const EVENT_SPACING_MS = 2_100;

describeOnGraphQuestDb('a user explores a fermenter history in the browser', (questDbUrl) => {
  test.describe.configure({ mode: 'serial' });
  const key = `web-e2e-${randomBytes(4).toString('hex')}`;
  const beer = `${key}/fermenter/beer[degC]`;
  const pressure = `${key}/fermenter/pressure[bar]`;
  const viewName = `Fermenter ${key}`;
  const keptViewName = `Kept ${key}`;
  /** Three events; the second has no pressure, a gap the graph must keep. */
  const events = [{ beer: 18.5, pressure: 1.1 }, { beer: 19.25 }, { beer: 20, pressure: 1.3 }];
  let stack: WebStack;
  let page: Page;
  let publishedFrom: number;
  const violations: string[] = [];

  const publish = (values: { beer: number; pressure?: number }) =>
    publishHistoryEvent(stack, key, {
      fermenter: {
        'beer[degC]': values.beer,
        ...(values.pressure !== undefined && { 'pressure[bar]': values.pressure }),
      },
    });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    stack = await WebStack.start({ historyEnv: { QUESTDB_URL: questDbUrl } });
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
    await stack?.stop();
  });

  test('finds the published fields by searching the picker', async () => {
    publishedFrom = Date.now();
    for (const values of events) {
      await publish(values);
      await new Promise((done) => setTimeout(done, EVENT_SPACING_MS));
    }
    await waitForStoredField(stack, pressure);

    await page.goto(stack.url);
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'History' })).toBeVisible();
    violations.push(...(await seriousAxeViolations(page, 'empty page')));

    await searchField(page, `${key}/FERMENTER`, beer);
    await expect(fieldLeaf(page, pressure)).toBeVisible();
    violations.push(...(await seriousAxeViolations(page, 'search results')));
  });

  test('draws both fields on two axes with the values that were published, gaps kept', async () => {
    for (const field of [beer, pressure]) {
      await fieldLeaf(page, field).click();
      await expect(fieldLeaf(page, field)).toHaveAttribute('aria-selected', 'true');
    }
    const chosen = page.getByRole('list', { name: 'Graph fields' });
    await chosen.getByLabel(`Label for ${beer}`).fill('Beer');
    await chosen.getByLabel(`Label for ${pressure}`).fill('Pressure');
    await choosePreset(page, '10 min');
    await expect(page.getByRole('button', { name: '10 min' })).toHaveAttribute('aria-pressed', 'true');

    const graph = page.getByRole('figure', { name: 'Graph' }).or(page.getByRole('region', { name: 'Graph' }));
    await expect(graph.locator('canvas').first()).toBeVisible();
    await expect(page.getByText(/^Bucket: /)).toBeVisible();
    for (const unit of ['degC', 'bar']) {
      await expect(page.getByLabel(`Y min (${unit})`)).toBeVisible();
      await expect(page.getByLabel(`Y max (${unit})`)).toBeVisible();
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
  });

  test('draws a new event live while the range ends now', async () => {
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await publish({ beer: 21.75, pressure: 1.4 });
    const table = await waitForGraphData(page, 'the new event in the graph data', (shown) =>
      columnPoints(shown, 'Beer').some(({ value }) => value === 21.75),
    );
    expect(columnPoints(table, 'Beer').map(({ value }) => value)).toEqual([18.5, 19.25, 20, 21.75]);
    expect(columnPoints(table, 'Pressure').map(({ value }) => value)).toEqual([1.1, 1.3, 1.4]);
    await expect(page.getByRole('status').textContent()).resolves.toContain('Live');
    violations.push(...(await seriousAxeViolations(page, 'live graph')));
  });

  test('shows the latest value of each field with its age, marked stale past the set age', async () => {
    const latest = page.getByRole('region', { name: 'Latest values' });
    const rowOf = (label: string) =>
      latest.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    const cellsOf = async (label: string) =>
      (await rowOf(label).getByRole('cell').allTextContents()).map((text) => text.trim());
    const staleAfter = latest.getByLabel('Stale after (s)');
    await staleAfter.fill('3600');
    await staleAfter.press('Enter');
    await expect
      .poll(
        async () => {
          const [beerCells, pressureCells] = [await cellsOf('Beer'), await cellsOf('Pressure')];
          return { beer: beerCells[0], pressure: pressureCells[0], stale: beerCells[1].includes('stale') };
        },
        { message: 'the latest values of both fields' },
      )
      .toEqual({ beer: '21.75 °C', pressure: '1.400 bar', stale: false });
    expect((await cellsOf('Beer'))[1]).toMatch(/^\d+ s$/);

    await staleAfter.fill('1');
    await staleAfter.press('Enter');
    await expect
      .poll(async () => (await cellsOf('Beer'))[1], { message: 'the values to be marked stale' })
      .toContain('stale');
    violations.push(...(await seriousAxeViolations(page, 'latest values, stale')));
    await latest.scrollIntoViewIfNeeded();
    await screenshot(page, 'latest-values');
    await staleAfter.fill('3600');
    await staleAfter.press('Enter');
    await expect
      .poll(async () => (await cellsOf('Beer'))[1], { message: 'the stale mark to go' })
      .not.toContain('stale');
  });

  test('exports the shown fields and range as CSV, and the graph as PNG', async () => {
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
  });

  test('saves the view, which its URL alone reopens in a new page, and deletes it', async ({ openVisitor }) => {
    await page.getByLabel('View name').fill(viewName);
    await page.getByRole('button', { name: 'Save view' }).click();
    const link = page.getByRole('list', { name: 'Saved views' }).getByRole('link', { name: viewName, exact: true });
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();

    const reopened = await openVisitor();
    await reopened.goto(new URL(href ?? '', stack.url).href);
    await expect(reopened.getByLabel(`Label for ${beer}`)).toHaveValue('Beer');
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
    await expect(link).toHaveCount(0);
    const later = await openVisitor();
    await later.goto(stack.url);
    const savedViews = later.getByRole('list', { name: 'Saved views' });
    await expect(savedViews.getByRole('link', { name: keptViewName, exact: true })).toBeVisible();
    await expect(savedViews.getByRole('link', { name: viewName, exact: true })).toHaveCount(0);
    await later.context().close();
  });

  test('has no serious or critical accessibility violation in any of those states', () => {
    expect(violations).toEqual([]);
  });
});
