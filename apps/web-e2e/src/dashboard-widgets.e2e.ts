import { randomBytes } from 'node:crypto';
import { Locator, Page } from '@playwright/test';
import { createBlocks } from './harness/blocks-api';
import { closeVisitors, newVisitor, PHONE } from './harness/browser';
import { publishHistoryEvent, waitForStoredField } from './harness/history-events';
import { columnPoints, latestCells, searchField, waitForGraphData } from './harness/history-page';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { tabTo } from './harness/keyboard';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

const degC = (value: number) => ({ __objtype: 'Quantity', unit: 'degC', value });

/** One item of a metrics widget, found by the label it shows. */
const metric = (page: Page, widget: string, label: string): Locator =>
  page
    .getByRole('list', { name: widget, exact: true })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${label}`) });

/** The colour the design system gives a stale value, as the page computes it. */
const staleColour = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--state-stale)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });

test.describe('a brewer reads the cellar on a dashboard of graph, metrics and quick action widgets', () => {
  test.describe.configure({ mode: 'serial' });
  const key = `web-e2e-widgets-${randomBytes(4).toString('hex')}`;
  const temperature = `${key}/cellar/temp[degC]`;
  const humidity = `${key}/cellar/humidity[%]`;
  const dashboardId = `dashboard-cellar-${key}`;
  let stack: WebStack;
  let page: Page;
  let controller: string;

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    controller = stack.controller.env.SERVICE_ID;
    await createBlocks(stack.controller.client, controller, [
      { id: 'Cellar setpoint', type: 'SetpointSensorPair', data: { enabled: true, storedSetting: 12 } },
    ]);
    await publishHistoryEvent(stack, key, { cellar: { 'temp[degC]': 12.5, 'humidity[%]': 71.5 } });
    for (const field of [temperature, humidity]) await waitForStoredField(stack, field);
    const actions = [
      { id: `action-warm-${key}`, name: 'Warm cellar', storedSetting: 14 },
      { id: `action-cold-${key}`, name: 'Cold crash', storedSetting: 2 },
    ];
    for (const { id, name, storedSetting } of actions) {
      await set({
        namespace: 'svc-ui-store:quick-actions',
        id,
        name,
        patches: [
          {
            serviceId: controller,
            id: 'Cellar setpoint',
            type: 'SetpointSensorPair',
            data: { storedSetting: degC(storedSetting) },
          },
        ],
      });
    }
    await set({
      namespace: 'svc-ui-store:dashboards',
      id: dashboardId,
      title: 'Cellar',
      widgets: [
        {
          id: 'graph',
          title: 'Cellar temperature',
          place: { x: 0, y: 0, w: 6, h: 4 },
          config: {
            kind: 'graph',
            query: new URLSearchParams({ f: temperature, label: 'Cellar', range: '10m' }).toString(),
          },
        },
        {
          id: 'metrics',
          title: 'Cellar now',
          place: { x: 6, y: 0, w: 3, h: 3 },
          config: {
            kind: 'metrics',
            fields: [
              { name: temperature, label: 'Temperature', staleAfterS: 3600 },
              { name: humidity, label: 'Humidity', staleAfterS: 3 },
            ],
          },
        },
        {
          id: 'actions',
          title: 'Cellar actions',
          place: { x: 9, y: 0, w: 3, h: 3 },
          config: { kind: 'quick-actions', actionIds: [actions[0].id] },
        },
      ],
    });
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  async function set(value: { namespace: string; id: string } & Record<string, unknown>): Promise<void> {
    const { response } = await stack.datastore.client.POST('/set', { body: { value } });
    expect(response.status).toBe(200);
  }

  test('the graph widget draws the published values, and a new one live', async () => {
    await page.goto(`${stack.url}/dashboards/${dashboardId}`);
    await expect(
      page.getByRole('figure', { name: 'Graph Cellar temperature' }).locator('canvas').first(),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
    await waitForGraphData(page, 'the published value in the widget', (table) =>
      columnPoints(table, 'Cellar').some(({ value }) => value === 12.5),
    );
    await publishHistoryEvent(stack, key, { cellar: { 'temp[degC]': 13.25 } });
    // The new value gets a bucket of its own, or shares the first one's (their mean) when it came within its width.
    await waitForGraphData(page, 'the new value in the widget', (table) =>
      columnPoints(table, 'Cellar').some(({ value }) => value === 13.25 || value === 12.88),
    );
    await expect(seriousAxeViolations(page, 'graph widget with its table')).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Show data as table' }).click();
  });

  test('the metrics widget shows each value with its age, and greys the one past its short limit', async () => {
    const temperatureItem = metric(page, 'Cellar now', 'Temperature');
    const humidityItem = metric(page, 'Cellar now', 'Humidity');
    await expect(temperatureItem).toContainText('13.25 °C');
    await expect(temperatureItem).toContainText(/\d+ s ago/);
    await expect(humidityItem).toContainText('71.5 %');
    await expect(humidityItem).toContainText(/ago\s*stale$/);
    await expect(humidityItem.getByText('71.5 %')).toHaveCSS('color', await staleColour(page));
    await expect(temperatureItem).not.toContainText('stale');
    await expect(temperatureItem.getByText('13.25 °C')).not.toHaveCSS('color', await staleColour(page));
  });

  test('the quick actions widget shows the chosen action and applies it in one click', async () => {
    const actions = page.getByRole('list', { name: 'Cellar actions', exact: true });
    const warm = actions.getByRole('button', { name: /^Warm cellar/ });
    await expect(warm).toContainText('Not active');
    await expect(actions.getByRole('button', { name: /^Cold crash/ })).toHaveCount(0);
    await tabTo(page, warm);
    await page.keyboard.press('Enter');
    await expect(actions.getByRole('status').getByRole('listitem')).toHaveText([
      `${controller}: patched Cellar setpoint.`,
    ]);
    await expect(warm).toContainText(/Active$/);
    await expect(warm).not.toContainText('Not active');
    await expect(seriousAxeViolations(page, 'dashboard of widgets')).resolves.toEqual([]);
    await screenshot(page, 'dashboard-widgets');
  });

  test('"Open in explorer" shows the graph widget\'s fields on the history page', async () => {
    await page
      .getByRole('region', { name: 'Cellar temperature' })
      .getByRole('link', { name: 'Open in explorer' })
      .click();
    await expect(page).toHaveURL(/\/\?f=/);
    await expect(page.getByRole('list', { name: 'Graph fields' }).getByLabel(`Label for ${temperature}`)).toHaveValue(
      'Cellar',
    );
    await expect(page.getByRole('button', { name: '10 min', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => latestCells(page, 'Cellar')).toEqual(['13.25 °C', expect.stringMatching(/^\d+ s$/)]);
    await waitForGraphData(page, 'the values in the explorer', (table) => columnPoints(table, 'Cellar').length > 0);
  });

  test('adds a widget of each kind through its editor', async () => {
    await page.goto(`${stack.url}/dashboards/${dashboardId}`);
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
    const form = page.getByRole('form', { name: 'New widget' });
    const addWidget = async (kind: string) => {
      await page.getByRole('button', { name: 'Add widget' }).click();
      await form.getByLabel('Kind').selectOption({ label: kind });
    };

    await addWidget('Graph');
    await form.getByLabel('Explorer link').fill(`${stack.url}/?${new URLSearchParams({ f: humidity, range: '1h' })}`);
    await form.getByRole('button', { name: 'Use this view' }).click();
    await expect(form.getByRole('list', { name: 'Graph fields' }).getByText(humidity, { exact: true })).toBeVisible();
    await form.getByLabel('Range').selectOption({ label: 'Last 10 min' });
    await expect(form.getByLabel('Title')).toHaveValue(humidity);
    await form.getByLabel('Title').fill('Humidity graph');
    await expect(seriousAxeViolations(page, 'graph widget editor')).resolves.toEqual([]);
    await screenshot(form, 'widget-editor-graph');
    await form.getByRole('button', { name: 'Save widget' }).click();
    const graph = page.getByRole('region', { name: 'Humidity graph' });
    await expect(graph.getByRole('figure', { name: 'Graph Humidity graph' })).toBeVisible();
    await expect(graph.getByRole('link', { name: 'Open in explorer' })).toHaveAttribute(
      'href',
      `/?${new URLSearchParams({ f: humidity, range: '10m' })}`,
    );

    await addWidget('Metrics');
    await (await searchField(page, key, humidity)).click();
    await form.getByLabel(`Label for ${humidity}`).fill('Cellar humidity');
    await expect(form.getByLabel(`Stale after (s) for ${humidity}`)).toHaveValue('60');
    await form.getByLabel(`Stale after (s) for ${humidity}`).fill('3600');
    await expect(form.getByLabel('Title')).toHaveValue('Latest values');
    await expect(seriousAxeViolations(page, 'metrics widget editor')).resolves.toEqual([]);
    await screenshot(form, 'widget-editor-metrics');
    await form.getByRole('button', { name: 'Save widget' }).click();
    const latest = metric(page, 'Latest values', 'Cellar humidity');
    await expect(latest).toContainText('71.5 %');
    await expect(latest).not.toContainText('stale');

    await addWidget('Quick actions');
    const choice = form.getByRole('group', { name: 'Quick actions to show' });
    await expect(choice.getByRole('checkbox')).toHaveCount(2);
    await choice.getByLabel('Warm cellar').uncheck();
    await form.getByRole('button', { name: 'Save widget' }).click();
    const shown = page.getByRole('list', { name: 'Quick actions', exact: true }).getByRole('button');
    await expect(shown).toHaveText([/^Cold crash/]);
  });

  test('the widgets fit a phone 390 px wide', async ({ phone }) => {
    await phone.goto(`${stack.url}/dashboards/${dashboardId}`);
    await expect(
      phone.getByRole('figure', { name: 'Graph Cellar temperature' }).locator('canvas').first(),
    ).toBeVisible();
    await expect(metric(phone, 'Cellar now', 'Temperature')).toContainText('13.25 °C');
    await expect(phone.getByRole('list', { name: 'Cellar actions', exact: true }).getByRole('button')).toHaveCount(1);
    await expect(metric(phone, 'Latest values', 'Cellar humidity')).toContainText('71.5 %');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'dashboard of widgets at 390 px')).resolves.toEqual([]);
    await screenshot(phone, 'dashboard-widgets-phone');
  });
});
