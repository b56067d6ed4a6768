import { Locator, Page } from '@playwright/test';
import { waitFor } from '@eventcast/testing';
import { expect } from './web-test';

/** The chart's data as the "Graph data" table shows it: its header and its rows of cell texts. */
export interface GraphTable {
  columns: string[];
  rows: string[][];
}

/** One value of one column of the table: the row's "Time" and the cell's number (its unit left out). */
export interface TablePoint {
  time: string;
  value: number;
}

/** The leaf of the "Fields" tree for `field`; its accessible name is the full field name. */
export function fieldLeaf(page: Page, field: string): Locator {
  return page.getByRole('tree', { name: 'Fields' }).getByRole('treeitem', { name: field, exact: true });
}

/** Types `text` into "Search fields" and waits until the leaf of `field` shows. */
export async function searchField(page: Page, text: string, field: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search fields' }).fill(text);
  const leaf = fieldLeaf(page, field);
  await expect(leaf).toBeVisible({ timeout: 15_000 });
  return leaf;
}

/** Presses a range preset ("10 min" ... "1 y"). */
export async function choosePreset(page: Page, preset: string): Promise<void> {
  await page.getByRole('button', { name: preset, exact: true }).click();
}

/** The "Graph data" table, shown through its toggle when it is hidden, as the page shows it now. */
export async function readGraphData(page: Page): Promise<GraphTable> {
  const toggle = page.getByRole('button', { name: 'Show data as table' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  return page.getByRole('table', { name: 'Graph data' }).evaluate((table: HTMLTableElement) => {
    const [columns = [], ...rows] = [...table.rows].map((row) =>
      [...row.cells].map((cell) => cell.textContent?.trim() ?? ''),
    );
    return { columns, rows };
  });
}

/** The non-empty cells of the column headed `label`, with their row's time, in the table's order. */
export function columnPoints(table: GraphTable, label: string): TablePoint[] {
  const column = table.columns.indexOf(label);
  if (column < 0) throw new Error(`no column "${label}" in the graph data: ${table.columns.join(', ')}`);
  return table.rows
    .filter((row) => row[column] !== '')
    .map((row) => ({ time: row[table.columns.indexOf('Time')], value: Number.parseFloat(row[column]) }));
}

/** Waits until the "Graph data" table satisfies `holds`, and returns it. */
export function waitForGraphData(
  page: Page,
  what: string,
  holds: (table: GraphTable) => boolean,
  timeoutMs = 15_000,
): Promise<GraphTable> {
  return waitFor(
    what,
    async () => {
      const table = await readGraphData(page);
      return holds(table) && table;
    },
    timeoutMs,
  ).catch(async (error: Error) => {
    throw new Error(`${error.message}; the table reads ${JSON.stringify(await readGraphData(page))}`);
  });
}

/** The cells (value, age) of the row of `label` in "Latest values", as the page shows them now. */
export async function latestCells(page: Page, label: string): Promise<string[]> {
  const row = page
    .getByRole('region', { name: 'Latest values' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  return (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
}

/** The number of fields the picker says it lists ("12 fields"), or undefined while it says something else. */
export async function shownFieldCount(page: Page): Promise<number | undefined> {
  const count = page.getByRole('region', { name: 'Fields' }).getByText(/^\d[\d,]* fields?$/);
  if ((await count.count()) === 0) return undefined;
  return Number((await count.textContent())?.replace(/[^\d]/g, ''));
}
