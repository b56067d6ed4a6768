import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Download, Page } from '@playwright/test';
import { closeVisitors, newVisitor } from './harness/browser';
import { publishHistoryEvent, waitForStoredField } from './harness/history-events';
import { choosePreset, columnPoints, searchField, waitForGraphData } from './harness/history-page';
import { seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

/** A span in a file name: two UTC times to the second. */
const SPAN = '\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ_\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ';

test.describe('a user exports the graph of a cellar', () => {
  test.describe.configure({ mode: 'serial' });
  const key = `web-e2e-export-${randomBytes(4).toString('hex')}`;
  const field = `${key}/cellar/temp[degC]`;
  const viewName = `Cellar ${key}`;
  let stack: WebStack;
  let page: Page;

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  async function exported(button: 'Export CSV' | 'Export PNG'): Promise<Download> {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).click(),
    ]);
    return download;
  }

  /** The width and height a PNG file states in its header. */
  function pngSize(file: Buffer): { width: number; height: number } {
    return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
  }

  /** How many pixels of `colour` the picture holds above its bottom `graphHeight` rows, as the browser decodes it. */
  function colourAboveGraph(file: Buffer, colour: string, graphHeight: number): Promise<number> {
    return page.evaluate(
      async ({ png, colour, graphHeight }) => {
        const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
        context.drawImage(image, 0, 0);
        const band = context.getImageData(0, 0, image.width, image.height - graphHeight).data;
        const [r, g, b] = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
        let count = 0;
        for (let i = 0; i < band.length; i += 4) if (band[i] === r && band[i + 1] === g && band[i + 2] === b) count++;
        return count;
      },
      { png: file.toString('base64'), colour, graphHeight },
    );
  }

  test('names the CSV and the PNG by the field and the span, and puts the legend above the graph in the PNG', async () => {
    await publishHistoryEvent(stack, key, { cellar: { 'temp[degC]': 12.5 } });
    await waitForStoredField(stack, field);
    await page.goto(stack.url);
    await (await searchField(page, key, field)).click();
    await page.getByRole('list', { name: 'Graph fields' }).getByLabel(`Label for ${field}`).fill('Cellar');
    await choosePreset(page, '10 min');
    await waitForGraphData(page, 'the value in the graph', (shown) =>
      columnPoints(shown, 'Cellar').some(({ value }) => value === 12.5),
    );

    expect((await exported('Export CSV')).suggestedFilename()).toMatch(new RegExp(`^Cellar_${SPAN}\\.csv$`));
    const png = await exported('Export PNG');
    expect(png.suggestedFilename()).toMatch(new RegExp(`^Cellar_${SPAN}\\.png$`));

    const file = readFileSync(await png.path());
    const graph = await page
      .getByRole('figure', { name: 'Graph' })
      .locator('canvas')
      .first()
      .evaluate((canvas: HTMLCanvasElement) => ({ width: canvas.width, height: canvas.height }));
    const size = pngSize(file);
    expect(size.width).toBe(graph.width);
    expect(size.height).toBeGreaterThan(graph.height);
    const colour = await page.getByLabel(`Colour for ${field}`).inputValue();
    // The legend's swatch: a square of the line's colour in the band above the graph.
    expect(await colourAboveGraph(file, colour, graph.height)).toBeGreaterThanOrEqual(100);
  });

  test('names them by the saved view while the page shows it', async () => {
    await page.getByLabel('View name').fill(viewName);
    await page.getByRole('button', { name: 'Save view' }).click();
    const link = page.getByRole('list', { name: 'Saved views' }).getByRole('link', { name: viewName, exact: true });
    await link.click();
    await waitForGraphData(page, 'the saved view in the graph', (shown) =>
      columnPoints(shown, 'Cellar').some(({ value }) => value === 12.5),
    );
    const name = new RegExp(`^Cellar-${key}_${SPAN}\\.(csv|png)$`);
    await expect(link).toBeVisible();
    expect((await exported('Export CSV')).suggestedFilename()).toMatch(name);
    expect((await exported('Export PNG')).suggestedFilename()).toMatch(name);
    await expect(seriousAxeViolations(page, 'saved view before its exports')).resolves.toEqual([]);
  });
});
