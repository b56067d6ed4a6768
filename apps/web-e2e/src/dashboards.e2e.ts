import { Locator, Page } from '@playwright/test';
import { PrivateBroker, ServiceUnderTest } from '@eventcast/testing';
import { closeVisitors, newVisitor, PHONE } from './harness/browser';
import { tabTo } from './harness/keyboard';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

/** What the test reads and changes of a dashboard's document. */
type StoredDashboard = { namespace: string; id: string; widgets: Record<string, unknown>[] };

/** Changes the document of the dashboard at `url` through the datastore's API, as another program would. */
async function changeDashboard(
  datastore: ServiceUnderTest<'datastore'>,
  url: string,
  change: (dashboard: StoredDashboard) => void,
) {
  const id = decodeURIComponent(new URL(url).pathname.split('/')[2]);
  const { data } = await datastore.client.POST('/get', { body: { namespace: 'svc-ui-store:dashboards', id } });
  const dashboard = data?.value as StoredDashboard;
  change(dashboard);
  const { response } = await datastore.client.POST('/set', { body: { value: dashboard } });
  expect(response.status).toBe(200);
}

/** A widget of the dashboard, by its title. */
const widget = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });

/** A widget's place in words, which edit mode shows under it. */
const placeOf = (page: Page, title: string): Locator => widget(page, title).locator('.dashboard-widget-place');

/** Drags `handle` by `dx`, `dy` CSS pixels with the mouse, in a few steps as a hand does. */
async function drag(page: Page, handle: Locator, dx: number, dy: number): Promise<void> {
  const box = await handle.boundingBox();
  if (!box) throw new Error(`${String(handle)} is not on the screen`);
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

async function addNote(page: Page, title: string, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Add widget' }).click();
  const form = page.getByRole('form', { name: 'New widget' });
  await form.getByLabel('Kind').selectOption({ label: 'Note' });
  await form.getByLabel('Text').fill(text);
  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Save widget' }).click();
  await expect(form).toHaveCount(0);
  await expect(widget(page, title).getByText(text)).toBeVisible();
}

test.describe('a brewer with a dashboard of notes', () => {
  test.describe.configure({ mode: 'serial' });
  let broker: PrivateBroker;
  let stack: WebStack;
  let page: Page;
  let dashboardUrl: string;

  test.beforeAll(async ({ browser, datastore }) => {
    test.setTimeout(120_000);
    // A stack and a broker of its own, not the project's: the kiosk's test stops and starts them again.
    broker = await PrivateBroker.start();
    stack = await WebStack.start({ brokerUrl: broker.url, datastore });
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
    await stack?.stop();
    await broker?.stop();
  });

  test('creates a dashboard, which the navigation lists', async () => {
    await page.goto(`${stack.url}/dashboards`);
    await expect(page.getByText('No dashboard yet.')).toBeVisible();
    await page.getByLabel('Dashboard title').fill('Fermenter 1');
    await page.getByRole('button', { name: 'Create dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fermenter 1' })).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboards\/dashboard-Fermenter-1-[a-z0-9]+$/);
    dashboardUrl = page.url();
    await expect(page.getByText('No widget yet: Edit dashboard, then Add widget.')).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Dashboards', { exact: true }).click();
    await expect(nav.getByRole('link', { name: 'Fermenter 1' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Fermenter 1' })).toBeHidden();
  });

  test('adds two notes in edit mode, one below the other', async () => {
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
    await expect(page.getByRole('button', { name: 'Edit dashboard' })).toHaveAttribute('aria-pressed', 'true');
    await addNote(page, 'Dry hop', 'Dry hop on day 3');
    await addNote(page, 'Yeast', 'US-05, 11.5 g');
    await expect(placeOf(page, 'Dry hop')).toHaveText('Column 1, row 1, 4 wide, 2 high');
    await expect(placeOf(page, 'Yeast')).toHaveText('Column 1, row 3, 4 wide, 2 high');
    await expect(page.getByRole('button', { name: 'Add widget' })).toBeFocused();
    await expect(seriousAxeViolations(page, 'dashboard in edit mode')).resolves.toEqual([]);
  });

  test('moves and resizes a note with the pointer', async () => {
    const grid = await page.locator('.dashboard-grid').boundingBox();
    const dryHop = await widget(page, 'Dry hop').boundingBox();
    if (!grid || !dryHop) throw new Error('the grid is not on the screen');
    // A third of the grid is four columns; the first note's height is two rows.
    await drag(
      page,
      widget(page, 'Yeast').getByRole('button', { name: 'Move Yeast', exact: true }),
      grid.width / 3,
      -dryHop.height,
    );
    await expect(placeOf(page, 'Yeast')).toHaveText('Column 5, row 1, 4 wide, 2 high');
    await drag(
      page,
      widget(page, 'Yeast').getByRole('button', { name: 'Resize Yeast', exact: true }),
      grid.width / 6,
      dryHop.height / 2,
    );
    await expect(placeOf(page, 'Yeast')).toHaveText('Column 5, row 1, 6 wide, 3 high');
    const yeast = await widget(page, 'Yeast').boundingBox();
    expect(yeast?.x).toBeGreaterThan(dryHop.x + dryHop.width);
    expect(yeast?.y).toBeCloseTo(dryHop.y, 0);
  });

  test('moves and resizes a note by keyboard, its place said after each key', async () => {
    const move = page.getByRole('button', { name: 'Move Dry hop', exact: true });
    await tabTo(page, move);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('status')).toHaveText('Dry hop: Column 1, row 2, 4 wide, 2 high');
    // It now comes after Yeast in the page's order, and the focus went with it.
    await expect(move).toBeFocused();
    const resize = page.getByRole('button', { name: 'Resize Dry hop', exact: true });
    await tabTo(page, resize);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('status')).toHaveText('Dry hop: Column 1, row 2, 3 wide, 3 high');
    await expect(resize).toBeFocused();
    await expect(move).toHaveAccessibleDescription('Column 1, row 2, 3 wide, 3 high');
    await screenshot(page, 'dashboard-edit');
  });

  test('reopens with the same layout after a reload', async () => {
    await page.reload();
    await expect(widget(page, 'Yeast').getByText('US-05, 11.5 g')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move Yeast', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
    await expect(placeOf(page, 'Yeast')).toHaveText('Column 5, row 1, 6 wide, 3 high');
    await expect(placeOf(page, 'Dry hop')).toHaveText('Column 1, row 2, 3 wide, 3 high');
    await expect(page.locator('.dashboard-widget h2')).toHaveText(['Yeast', 'Dry hop']);
  });

  test('shows a widget written by another program (a kind the app lacks, spaces in its id) as not available, live, and removes it', async () => {
    await changeDashboard(stack.datastore, dashboardUrl, ({ widgets }) => {
      widgets.push({
        id: 'gauge on the wall',
        title: 'Gauge',
        place: { x: 0, y: 6, w: 4, h: 2 },
        config: { kind: 'gauge' },
      });
    });
    await expect(widget(page, 'Gauge').getByText("This widget's kind is not available")).toBeVisible();
    await expect(widget(page, 'Yeast').getByText('US-05, 11.5 g')).toBeVisible();
    await widget(page, 'Gauge').getByRole('button', { name: 'Remove Gauge' }).click();
    await expect(widget(page, 'Gauge')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add widget' })).toBeFocused();
  });

  test('shows a note edited in another browser, and its new place, without a reload', async ({ visitor: other }) => {
    await other.goto(dashboardUrl);
    await expect(widget(other, 'Dry hop').getByText('Dry hop on day 3')).toBeVisible();

    await widget(page, 'Dry hop').getByRole('button', { name: 'Edit Dry hop' }).click();
    const form = page.getByRole('form', { name: 'Edit Dry hop' });
    await form.getByLabel('Text').fill('Dry hop on day 4');
    await form.getByLabel('Title').fill('Dry hop, 50 g');
    await form.getByRole('button', { name: 'Save widget' }).click();
    await expect(widget(other, 'Dry hop, 50 g').getByText('Dry hop on day 4')).toBeVisible();

    await other.getByRole('button', { name: 'Edit dashboard' }).click();
    await tabTo(page, page.getByRole('button', { name: 'Move Dry hop, 50 g', exact: true }));
    await page.keyboard.press('ArrowUp');
    await expect(placeOf(other, 'Dry hop, 50 g')).toHaveText('Column 1, row 1, 3 wide, 3 high');
    await other.context().close();
  });

  test('shows a kiosk without navigation or edit controls, live again after every service and the broker restarted', async ({
    visitor: kiosk,
  }) => {
    test.setTimeout(180_000);
    await kiosk.goto(`${dashboardUrl}?kiosk`);
    await expect(widget(kiosk, 'Yeast').getByText('US-05, 11.5 g')).toBeVisible();
    const connection = kiosk.getByRole('status', { name: 'Connection' });
    await expect(connection).toHaveText('Live');
    await expect(kiosk.getByRole('navigation')).toHaveCount(0);
    await expect(kiosk.getByRole('button')).toHaveCount(0);
    await expect(kiosk.getByRole('link')).toHaveCount(0);
    await expect(seriousAxeViolations(kiosk, 'kiosk')).resolves.toEqual([]);
    await screenshot(kiosk, 'dashboard-kiosk');

    const noteText = (title: string, text: string) => (dashboard: StoredDashboard) => {
      const note = dashboard.widgets.find((widget) => widget['title'] === title);
      if (note) note['config'] = { kind: 'note', text };
    };
    await broker.stop();
    // Changed while the history service, whose stream the kiosk follows, is still down: the kiosk
    // hears nothing of it as it happens.
    const restarted = stack.restart((datastore) =>
      changeDashboard(datastore, dashboardUrl, noteText('Yeast', 'US-05, 2 packs')),
    );
    await expect(connection).toHaveText('Reconnecting…');
    await broker.restart();
    stack = await restarted;
    // The page tries again 1 s after a drop, then waits twice as long each time, up to 30 s.
    await expect(widget(kiosk, 'Yeast').getByText('US-05, 2 packs')).toBeVisible({ timeout: 60_000 });
    await expect(connection).toHaveText('Live');
    await changeDashboard(stack.datastore, dashboardUrl, noteText('Dry hop, 50 g', 'Dry hop on day 5'));
    await expect(widget(kiosk, 'Dry hop, 50 g').getByText('Dry hop on day 5')).toBeVisible();
    await kiosk.context().close();
  });

  test('notices a dead network path by its silence, says so, and is live again once the path is back', async ({
    visitor: kiosk,
  }) => {
    test.setTimeout(180_000);
    await kiosk.goto(`${dashboardUrl}?kiosk`);
    const connection = kiosk.getByRole('status', { name: 'Connection' });
    await expect(connection).toHaveText('Live');
    // The proxy frozen: the kiosk's socket stays open and hears nothing, as behind a router gone.
    stack.proxy.freeze();
    try {
      // Three missed heartbeats (45 s) before the page gives up on the socket.
      await expect(connection).toHaveText('Reconnecting…', { timeout: 60_000 });
    } finally {
      stack.proxy.resume();
    }
    await expect(connection).toHaveText('Live', { timeout: 60_000 });
    await changeDashboard(stack.datastore, dashboardUrl, (dashboard) => {
      const note = dashboard.widgets.find((widget) => widget['title'] === 'Yeast');
      if (note) note['config'] = { kind: 'note', text: 'US-05, pitched' };
    });
    await expect(widget(kiosk, 'Yeast').getByText('US-05, pitched')).toBeVisible();
    await kiosk.context().close();
  });

  test('fits 390 px wide: the widgets one under the other, in reading order, and the navigation', async ({ phone }) => {
    await phone.goto(dashboardUrl);
    await expect(phone.locator('.dashboard-widget h2')).toHaveText(['Dry hop, 50 g', 'Yeast']);
    const [first, second] = await Promise.all([
      widget(phone, 'Dry hop, 50 g').boundingBox(),
      widget(phone, 'Yeast').boundingBox(),
    ]);
    expect(second?.x).toBeCloseTo(first?.x ?? NaN, 0);
    expect(second?.y).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0));
    await phone.getByRole('navigation', { name: 'Main' }).getByText('Dashboards', { exact: true }).click();
    await expect(phone.getByRole('link', { name: 'Fermenter 1' })).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'dashboard, phone')).resolves.toEqual([]);
    await phone.keyboard.press('Escape');
    await phone.getByRole('button', { name: 'Edit dashboard' }).click();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone, 'dashboard-phone');
  });

  test('deletes a dashboard after asking', async () => {
    await page.goto(`${stack.url}/dashboards`);
    const list = page.getByRole('list', { name: 'Dashboards' });
    await list.getByRole('button', { name: 'Delete Fermenter 1' }).click();
    const confirm = page.getByRole('group', { name: 'Delete Fermenter 1?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(list.getByRole('link', { name: 'Fermenter 1' })).toBeVisible();
    await list.getByRole('button', { name: 'Delete Fermenter 1' }).click();
    await confirm.getByRole('button', { name: 'Delete Fermenter 1' }).click();
    await expect(list.getByRole('link')).toHaveCount(0);
    await expect(page.getByText('No dashboard yet.')).toBeVisible();
    await expect(seriousAxeViolations(page, 'dashboards list')).resolves.toEqual([]);
  });
});
