import { randomBytes } from 'node:crypto';
import { Locator, Page } from '@playwright/test';
import { closeVisitors, newVisitor } from './harness/browser';
import { publishHistoryEvent, waitForStoredField } from './harness/history-events';
import { choosePreset, columnPoints, fieldLeaf, searchField, waitForGraphData } from './harness/history-page';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

/**
 * The refused answers of `page`, as a function of the browser's time the token was given that
 * lists those a user would see as failures. Before that time a call goes without a token and is
 * refused: that is how the page learns it needs one, and the Controllers page makes such a call at
 * each failed reconnect of its stream, so one sent just before **Use token** can be answered just
 * after it. Every other refusal counts: a call that carried a token, or one sent after that time.
 */
function watchRefusals(page: Page): (tokenGivenAt: number) => string[] {
  const refusals: { answer: string; sentAt: number; withToken: boolean }[] = [];
  page.on('response', async (response) => {
    if (response.status() < 400) return;
    const request = response.request();
    const withToken = (await request.headerValue('authorization')) !== null;
    refusals.push({ answer: `${response.status()} ${response.url()}`, sentAt: request.timing().startTime, withToken });
  });
  return (tokenGivenAt) =>
    refusals.filter(({ sentAt, withToken }) => withToken || sentAt > tokenGivenAt).map(({ answer }) => answer);
}

/** Presses **Use token** in `dialog`; resolves with the browser's time of it once the dialog has gone. */
async function useToken(dialog: Locator): Promise<number> {
  const submitted = dialog
    .page()
    .evaluate(
      () =>
        new Promise<number>((resolve) =>
          document.addEventListener('submit', () => resolve(Date.now()), { capture: true, once: true }),
        ),
    );
  await dialog.getByRole('button', { name: 'Use token' }).click();
  const givenAt = await submitted;
  await expect(dialog).toBeHidden();
  return givenAt;
}

const token = randomBytes(24).toString('hex');
test.use({ stackOptions: { apiToken: token } });

test.describe('a user of services that have an API_TOKEN', () => {
  test.describe.configure({ mode: 'serial' });
  const key = `web-e2e-token-${randomBytes(4).toString('hex')}`;
  const field = `${key}/fridge/temp[degC]`;
  let stack: WebStack;
  let page: Page;
  /** Every error the page threw after the token was given, and every WebSocket error. */
  const failures: string[] = [];
  let refusedAfter: (tokenGivenAt: number) => string[];
  let tokenGivenAt = Infinity;
  /** Every URL the page asked for, WebSocket ones included. */
  const urls: string[] = [];
  let tokenGiven = false;

  const publish = (value: number) => publishHistoryEvent(stack, key, { fridge: { 'temp[degC]': value } });

  test.beforeAll(async ({ browser, stack: tokenStack }) => {
    stack = await tokenStack.reset();
    page = await newVisitor(browser);
    page.on('request', (request) => urls.push(request.url()));
    page.on('websocket', (socket) => {
      urls.push(socket.url());
      socket.on('socketerror', (error) => failures.push(`WebSocket ${socket.url()}: ${error}`));
    });
    refusedAfter = watchRefusals(page);
    page.on('pageerror', (error) => tokenGiven && failures.push(`page error: ${error.message}`));
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  test('asks for the token in a dialog when a call is refused', async () => {
    await publish(4.5);
    await waitForStoredField(stack, field);
    await page.goto(stack.url);
    const dialog = page.getByRole('dialog', { name: 'API token' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('API token').fill(token);
    await expect(seriousAxeViolations(page, 'token dialog')).resolves.toEqual([]);
    await screenshot(page, 'api-token');
    tokenGiven = true;
    tokenGivenAt = await useToken(dialog);
  });

  test('then graphs a field with the token, nothing failing, and the stream live', async () => {
    await searchField(page, key, field);
    await fieldLeaf(page, field).click();
    await choosePreset(page, '10 min');
    await waitForGraphData(page, 'the stored value in the graph data', (shown) =>
      columnPoints(shown, field).some(({ value }) => value === 4.5),
    ).catch(() =>
      // The column is headed by the field's label, which is the field name unless the user changes it.
      Promise.reject(new Error(`the graph data has no column "${field}" holding 4.5`)),
    );
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await publish(5.25);
    const table = await waitForGraphData(page, 'the new value, live', (shown) =>
      columnPoints(shown, field).some(({ value }) => value === 5.25),
    );
    expect(columnPoints(table, field).map(({ value }) => value)).toEqual([4.5, 5.25]);
    await expect(page.getByRole('dialog', { name: 'API token' })).toBeHidden();
    expect([...failures, ...refusedAfter(tokenGivenAt)]).toEqual([]);
  });

  test('keeps the token for the browser session: a reload asks nothing', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    await searchField(page, key, field);
    await expect(page.getByRole('dialog', { name: 'API token' })).toBeHidden();
    expect([...failures, ...refusedAfter(tokenGivenAt)]).toEqual([]);
  });

  test('never puts the token in a URL', () => {
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => url.includes(token))).toEqual([]);
  });

  test('says a wrong token was refused, keeps it to mend, and works once the right one is typed', async ({
    visitor,
  }) => {
    await visitor.goto(stack.url);
    const dialog = visitor.getByRole('dialog', { name: 'API token' });
    const wrong = `${token.slice(0, -1)}x`;
    await dialog.getByLabel('API token').fill(wrong);
    await dialog.getByRole('button', { name: 'Use token' }).click();

    await expect(dialog.getByRole('alert').filter({ hasText: 'That token was refused' })).toBeVisible();
    await expect(dialog.getByLabel('API token')).toHaveValue(wrong);
    await expect(visitor.locator('body').innerText()).resolves.not.toMatch(/401|Authorization: Bearer/);
    await expect(seriousAxeViolations(visitor, 'token dialog after a refusal')).resolves.toEqual([]);

    await dialog.getByLabel('API token').fill(token);
    await dialog.getByRole('button', { name: 'Use token' }).click();
    await expect(dialog).toBeHidden();
    await searchField(visitor, key, field);
    await expect(dialog).toBeHidden();
    await visitor.close();
  });

  test('asks for the token on the Controllers page, which then lists the controller live', async ({ visitor }) => {
    const refusedAfter = watchRefusals(visitor);
    const visited: string[] = [];
    visitor.on('request', (request) => visited.push(request.url()));
    visitor.on('websocket', (socket) => visited.push(socket.url()));
    await visitor.goto(`${stack.url}/controllers`);
    const dialog = visitor.getByRole('dialog', { name: 'API token' });
    await dialog.getByLabel('API token').fill(token);
    const givenAt = await useToken(dialog);
    const serviceId = stack.controller.env.SERVICE_ID;
    const card = visitor
      .getByRole('list', { name: 'Controllers' })
      .getByRole('listitem', { name: serviceId, exact: true });
    await expect(card.getByText('Online', { exact: true })).toBeVisible();
    await expect(visitor.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(refusedAfter(givenAt)).toEqual([]);
    expect(visited.filter((url) => url.includes(token))).toEqual([]);
    await visitor.close();
  });
});
