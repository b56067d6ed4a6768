import { randomBytes } from 'node:crypto';
import { Page } from '@playwright/test';
import { closeVisitors, newVisitor } from './harness/browser';
import { publishHistoryEvent, waitForStoredField } from './harness/history-events';
import {
  columnPoints,
  fieldLeaf,
  latestCells,
  searchField,
  shownFieldCount,
  waitForGraphData,
} from './harness/history-page';
import { seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

/** The time an event waits before the next, longer than the widest bucket of a 10 min graph here. */
const EVENT_SPACING_MS = 2_100;

test.describe('a temperature graph goes on when the user switches from degC to degF', () => {
  test.describe.configure({ mode: 'serial' });
  const key = `web-e2e-units-${randomBytes(4).toString('hex')}`;
  const inCelsius = `${key}/TempSensorOneWire-1/value[degC]`;
  const inFahrenheit = `${key}/TempSensorOneWire-1/value[degF]`;
  let stack: WebStack;
  let page: Page;
  const violations: string[] = [];

  /** Publishes the sensor's value as the controller does: under the postfix of the user's unit. */
  const publish = async (unit: 'degC' | 'degF', values: number[]) => {
    for (const value of values) {
      await publishHistoryEvent(stack, key, { 'TempSensorOneWire-1': { [`value[${unit}]`]: value } });
      await new Promise((done) => setTimeout(done, EVENT_SPACING_MS));
    }
  };

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  test('draws the degC values of a view saved in degC', async () => {
    await publish('degC', [20, 20.5]);
    await waitForStoredField(stack, inCelsius);
    const view = new URLSearchParams({ f: inCelsius, label: 'Beer', range: '10m' });
    await page.goto(`${stack.url}/?${view.toString()}`);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    const table = await waitForGraphData(page, 'the degC values', (shown) => columnPoints(shown, 'Beer').length === 2);
    expect(table.rows.map((row) => row[1])).toEqual(['20.00 °C', '20.50 °C']);
  });

  test('follows the field to degF: one line of both periods, converted, and one field in the picker', async () => {
    await stack.datastore.client.POST('/set', {
      body: { value: { namespace: 'svc-global', id: 'units', temperature: 'degF' } },
    });
    await publish('degF', [70, 71.6]);

    const table = await waitForGraphData(
      page,
      'both periods in the Beer column, in degF',
      (shown) => columnPoints(shown, 'Beer').length === 4 && shown.rows[0][1].endsWith('°F'),
      20_000,
    );
    expect(table.columns).toEqual(['Time', 'Beer']);
    expect(table.rows.map((row) => row[1])).toEqual(['68.00 °F', '68.90 °F', '70.00 °F', '71.60 °F']);
    await expect
      .poll(async () => (await latestCells(page, 'Beer'))[0], { message: 'the latest value in degF' })
      .toBe('71.60 °F');
    await expect(page.getByRole('status').textContent()).resolves.toContain('Live');
    await expect(page.getByLabel('Y min (degF)')).toBeVisible();
    await expect(page.getByLabel('Y min (degC)')).toHaveCount(0);

    await waitForStoredField(stack, inFahrenheit);
    await searchField(page, key, inFahrenheit);
    await expect.poll(() => shownFieldCount(page), { message: 'the picker to count one field' }).toBe(1);
    await expect(fieldLeaf(page, inCelsius)).toHaveCount(0);
    await expect(fieldLeaf(page, inFahrenheit)).toHaveAttribute('aria-selected', 'true');
    violations.push(...(await seriousAxeViolations(page, 'graph across a unit switch')));
  });

  test('has no serious or critical accessibility violation in any of those states', () => {
    expect(violations).toEqual([]);
  });
});
