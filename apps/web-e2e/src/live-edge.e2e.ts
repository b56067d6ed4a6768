import { randomBytes } from 'node:crypto';
import { Page, WebSocket } from '@playwright/test';
import { fieldValue } from './harness/block-cards';
import { closeVisitors, newVisitor } from './harness/browser';
import { controllerCard } from './harness/controllers-page';
import { publishHistoryEvent, waitForStoredField } from './harness/history-events';
import { columnPoints, searchField, waitForGraphData } from './harness/history-page';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

test.describe("a page's live edge is one WebSocket", () => {
  test.describe.configure({ mode: 'serial' });
  const key = `web-e2e-edge-${randomBytes(4).toString('hex')}`;
  const field = `${key}/fridge/beer[degC]`;
  let stack: WebStack;
  let page: Page;
  const sockets: WebSocket[] = [];
  /** The paths of the sockets the page opened since the `from`-th and has not closed. */
  const openPaths = (from = 0) =>
    sockets
      .slice(from)
      .filter((socket) => !socket.isClosed())
      .map((socket) => new URL(socket.url()).pathname);

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    page = await newVisitor(browser);
    page.on('websocket', (socket) => sockets.push(socket));
    await publishHistoryEvent(stack, key, { fridge: { 'beer[degC]': 19.5 } });
    await waitForStoredField(stack, field);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  test("carries the live graph, its annotations and the user's unit on one socket", async () => {
    await page.goto(stack.url);
    await (await searchField(page, `${key}/`, field)).click();
    await waitForGraphData(page, 'the graph to draw the stored value', (table) =>
      columnPoints(table, field).some(({ value }) => value === 19.5),
    );
    // The live graph shows the bucket's mean: above 19.5 once the new value came through the socket.
    await publishHistoryEvent(stack, key, { fridge: { 'beer[degC]': 20.25 } });
    await waitForGraphData(page, 'the live graph to take the new value', (table) =>
      columnPoints(table, field).some(({ value }) => value > 19.5),
    );
    expect(openPaths()).toEqual(['/history/timeseries/stream']);
  });

  test('carries the controllers, their blocks and the quick actions on one socket too', async () => {
    const opened = sockets.length;
    await page.goto(`${stack.url}/controllers`);
    await expect(fieldValue(controllerCard(page, stack.controller.env.SERVICE_ID), 'Status')).toHaveText('Online');
    expect(openPaths(opened)).toEqual(['/history/timeseries/stream']);
  });
});
