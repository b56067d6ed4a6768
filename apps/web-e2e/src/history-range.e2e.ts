import { randomBytes } from 'node:crypto';
import { Page } from '@playwright/test';
import { MINUTE_MS, SECOND_MS } from '@eventcast/domain';
import { waitFor } from '@eventcast/testing';
import { closeVisitors, newVisitor } from './harness/browser';
import { publishHistoryEvent, waitForStoredField } from './harness/history-events';
import { choosePreset, columnPoints, searchField, waitForGraphData } from './harness/history-page';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

/** A span in epoch ms, as the From and To inputs read (the page runs in UTC, to the second). */
interface ShownSpan {
  from: number;
  to: number;
}

test.describe('the custom range of the history page shows the span on the graph', () => {
  test.describe.configure({ mode: 'serial' });
  const key = `web-e2e-range-${randomBytes(4).toString('hex')}`;
  const level = `${key}/tank/level[m]`;
  let stack: WebStack;
  let page: Page;
  let publishedAt: number;

  const fromInput = () => page.getByLabel('From', { exact: true });
  const toInput = () => page.getByLabel('To', { exact: true });
  /** Both inputs in one read: read one after the other, they could straddle a render (the old From, the new To). */
  const shownRange = async (): Promise<ShownSpan> => {
    const [from, to] = await fromInput().evaluate(
      (fromElement: HTMLInputElement, toElement) => [fromElement.value, (toElement as HTMLInputElement).value],
      await toInput().elementHandle(),
    );
    return { from: Date.parse(`${from}Z`), to: Date.parse(`${to}Z`) };
  };
  /** Waits until From and To read a span that `holds`, and returns it. */
  const waitForRange = (what: string, holds: (span: ShownSpan) => boolean) =>
    waitFor(
      what,
      async () => {
        const span = await shownRange();
        return holds(span) && span;
      },
      15_000,
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}; From and To read ${JSON.stringify(await shownRange())}`);
    });
  const near = (time: number, expected: number, slackMs: number) => Math.abs(time - expected) <= slackMs;
  const plotBox = async () => {
    const canvas = page.getByRole('figure', { name: 'Graph' }).locator('canvas').first();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the graph has no canvas');
    return box;
  };
  /** Drags across the graph (with Shift: a pan); `whileHeld` runs before the button is released. */
  const drag = async (fromShare: number, toShare: number, shift = false, whileHeld?: () => Promise<void>) => {
    const box = await plotBox();
    const y = box.y + box.height / 2;
    if (shift) await page.keyboard.down('Shift');
    await page.mouse.move(box.x + box.width * fromShare, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * toShare, y, { steps: 8 });
    await whileHeld?.();
    await page.mouse.up();
    if (shift) await page.keyboard.up('Shift');
  };

  const applyRange = async (from: number, to: number) => {
    const local = (time: number) => new Date(Math.floor(time / SECOND_MS) * SECOND_MS).toISOString().slice(0, 19);
    await fromInput().fill(local(from));
    await toInput().fill(local(to));
    await page.getByRole('button', { name: 'Apply range' }).click();
  };
  /** The columns of the graph's canvas (CSS pixels from its left) where a pixel has the colour `hex`. */
  const lineColumns = (hex: string) =>
    page
      .getByRole('figure', { name: 'Graph' })
      .locator('canvas')
      .first()
      .evaluate(
        (canvas: HTMLCanvasElement, wanted: number[]) => {
          const { width, height } = canvas;
          const pixels = canvas.getContext('2d')?.getImageData(0, 0, width, height).data ?? new Uint8ClampedArray();
          const ratio = width / canvas.getBoundingClientRect().width;
          const columns = new Set<number>();
          for (let i = 0; i < pixels.length; i += 4) {
            const distance = wanted.reduce((sum, part, k) => sum + Math.abs(part - pixels[i + k]), 0);
            if (pixels[i + 3] > 128 && distance < 120) columns.add(Math.round(((i / 4) % width) / ratio));
          }
          return [...columns];
        },
        [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)),
      );

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    page = await newVisitor(browser);
    publishedAt = Date.now();
    for (const value of [1.5, 1.75, 2]) await publishHistoryEvent(stack, key, { tank: { 'level[m]': value } });
    await waitForStoredField(stack, level);
    await page.goto(stack.url);
    await (await searchField(page, `${key}/`, level)).click();
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  test('shows the last hour after the 1 h preset', async () => {
    await choosePreset(page, '1 h');
    await waitForGraphData(page, 'the events on the graph', (table) => columnPoints(table, level).length > 0);
    await waitForRange('From and To to read the last hour', ({ from, to }) => {
      const now = Date.now();
      return near(to, now, 5 * SECOND_MS) && near(from, now - 60 * MINUTE_MS, 5 * SECOND_MS);
    });
  });

  test('keeps a typed range while the live graph moves on, and drops it for a preset', async () => {
    await fromInput().fill('2026-01-02T03:04:05');
    await publishHistoryEvent(stack, key, { tank: { 'level[m]': 10 } });
    await waitForGraphData(page, 'the live graph to draw a new event', (table) =>
      columnPoints(table, level).some(({ value }) => value > 2),
    );
    await expect(fromInput()).toHaveValue('2026-01-02T03:04:05');
    await choosePreset(page, '1 h');
    await waitForRange('From to show the graph again', ({ from }) =>
      near(from, Date.now() - 60 * MINUTE_MS, 5 * SECOND_MS),
    );
  });

  test('follows a Shift + drag pan after a custom range was applied', async () => {
    await applyRange(Date.now() - 50 * MINUTE_MS, Date.now() - 40 * MINUTE_MS);
    await expect(page.getByRole('button', { name: '1 h' })).toHaveAttribute('aria-pressed', 'false');
    const before = await shownRange();

    // Dragged from right to left by 30% of the canvas: later by more than 30% of the span (the plot is narrower).
    await drag(0.7, 0.4, true);
    const panned = await waitForRange('From and To to follow the pan', ({ from }) => from > before.from);
    expect(panned.from - before.from).toBeGreaterThan(3 * MINUTE_MS);
    expect(panned.from - before.from).toBeLessThan(5 * MINUTE_MS);
    expect(near(panned.to - panned.from, before.to - before.from, 2 * SECOND_MS)).toBe(true);
  });

  test('moves the line with the pointer while a Shift + drag pans', async () => {
    await applyRange(publishedAt - 5 * MINUTE_MS + 10 * SECOND_MS, publishedAt + 10 * SECOND_MS);
    await waitForGraphData(page, 'the events on the graph', (table) => columnPoints(table, level).length > 0);
    const colour = await page.getByLabel(`Colour for ${level}`).inputValue();
    const before = await lineColumns(colour);
    expect(before.length).toBeGreaterThan(0);
    // The 40% of the canvas that the pointer moves.
    const moved = Math.round((await plotBox()).width * 0.4);

    let during: number[] = [];
    await drag(0.7, 0.3, true, async () => {
      during = await waitFor('the line to follow the pointer', async () => {
        const columns = await lineColumns(colour);
        return columns.length > 0 && Math.max(...columns) < Math.max(...before) - moved / 2 && columns;
      });
    });

    // Moved left by as much as the pointer, give or take a pixel.
    expect(Math.abs(Math.min(...during) - (Math.min(...before) - moved))).toBeLessThanOrEqual(2);
    expect(Math.abs(Math.max(...during) - (Math.max(...before) - moved))).toBeLessThanOrEqual(2);
  });

  test("leaves the legend's values out while a Shift + drag pans, and shows them again after it", async () => {
    await choosePreset(page, '10 min');
    await waitForGraphData(page, 'the events on the 10 min graph', (table) => columnPoints(table, level).length > 0);
    const legendValue = page
      .getByRole('figure', { name: 'Graph' })
      .getByRole('row', { name: level })
      .getByRole('cell')
      .last();
    const box = await plotBox();
    const y = box.y + box.height / 2;
    const valueAt = async (share: number) => {
      await page.mouse.move(box.x + box.width * share, y);
      return legendValue.textContent();
    };
    await expect(valueAt(0.6)).resolves.toMatch(/^\d/);

    await page.keyboard.down('Shift');
    await page.mouse.down();
    await expect(valueAt(0.4)).resolves.toBe('--');
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await expect
      .poll(() => valueAt(0.6), { message: 'the legend to show a value under the pointer again' })
      .toMatch(/^\d/);
  });

  test('follows a preset, a drag to zoom and Pan back', async () => {
    await choosePreset(page, '10 min');
    const preset = await waitForRange('From and To to read the last 10 minutes', ({ from, to }) => {
      const now = Date.now();
      return near(to, now, 5 * SECOND_MS) && near(from, now - 10 * MINUTE_MS, 5 * SECOND_MS);
    });
    // The drag is made on the graph of the preset's span, drawn with its data, not on the span before.
    await waitForGraphData(page, 'the events on the 10 min graph', (table) => columnPoints(table, level).length > 0);

    await drag(0.25, 0.75);
    const zoomed = await waitForRange(
      'From and To to read the zoomed span',
      ({ from, to }) => to - from < 8 * MINUTE_MS,
    );
    expect(zoomed.from).toBeGreaterThan(preset.from);
    expect(zoomed.to).toBeLessThan(preset.to);
    expect(zoomed.to - zoomed.from).toBeGreaterThan(4 * MINUTE_MS);

    await page.getByRole('button', { name: 'Pan back' }).click();
    const half = (zoomed.to - zoomed.from) / 2;
    await waitForRange(
      'From and To to move back by half the span',
      ({ from, to }) => near(from, zoomed.from - half, 2 * SECOND_MS) && near(to, zoomed.to - half, 2 * SECOND_MS),
    );

    // The preset shown, chosen again, leaves the zoom and the pan.
    await choosePreset(page, '10 min');
    await waitForRange('From and To to read the last 10 minutes again', ({ from, to }) => {
      const now = Date.now();
      return near(to, now, 5 * SECOND_MS) && near(from, now - 10 * MINUTE_MS, 5 * SECOND_MS);
    });
  });
});
