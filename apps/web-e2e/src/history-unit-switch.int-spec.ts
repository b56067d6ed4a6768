import { randomBytes } from 'node:crypto';
import { Browser, Page } from 'playwright-core';
import { waitFor } from '@eventcast/testing';
import { launchChromium, newVisitor } from './harness/browser';
import { publishHistoryEvent } from './harness/history-events';
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

/** The time an event waits before the next, longer than the widest bucket of a 10 min graph here. */
const EVENT_SPACING_MS = 2_100;

describe('a temperature graph goes on when the user switches from degC to degF', () => {
  const key = `web-e2e-units-${randomBytes(4).toString('hex')}`;
  const inCelsius = `${key}/TempSensorOneWire-1/value[degC]`;
  const inFahrenheit = `${key}/TempSensorOneWire-1/value[degF]`;
  let stack: WebStack;
  let browser: Browser;
  let page: Page;
  const violations: string[] = [];

  /** Publishes the sensor's value as the controller does: under the postfix of the user's unit. */
  const publish = async (unit: 'degC' | 'degF', values: number[]) => {
    for (const value of values) {
      await publishHistoryEvent(key, { 'TempSensorOneWire-1': { [`value[${unit}]`]: value } });
      await new Promise((done) => setTimeout(done, EVENT_SPACING_MS));
    }
  };
  const storedFields = async () => (await stack.history.client.POST('/timeseries/fields', { body: {} })).data ?? [];

  beforeAll(async () => {
    stack = await WebStack.start();
    browser = await launchChromium();
    page = await (await newVisitor(browser)).newPage();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 30_000);

  it('draws the degC values of a view saved in degC', async () => {
    await publish('degC', [20, 20.5]);
    await waitFor('the history service to store the degC values', async () =>
      (await storedFields()).includes(inCelsius),
    );
    const view = new URLSearchParams({ f: inCelsius, label: 'Beer', range: '10m' });
    await page.goto(`${stack.url}/?${view.toString()}`);
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 15_000 });
    const table = await waitForGraphData(page, 'the degC values', (shown) => columnPoints(shown, 'Beer').length === 2);
    expect(table.rows.map((row) => row[1])).toEqual(['20.00 °C', '20.50 °C']);
  }, 60_000);

  it('follows the field to degF: one line of both periods, converted, and one field in the picker', async () => {
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
    await waitFor('the latest value in degF', async () => (await latestCells(page, 'Beer'))[0] === '71.60 °F');
    await expect(page.getByRole('status').textContent()).resolves.toContain('Live');
    await page.getByLabel('Y min (degF)').waitFor();
    await expect(page.getByLabel('Y min (degC)').count()).resolves.toBe(0);

    await waitFor('the history service to store the degF values', async () =>
      (await storedFields()).includes(inFahrenheit),
    );
    await searchField(page, key, inFahrenheit);
    await waitFor('the picker to count one field', async () => (await shownFieldCount(page)) === 1);
    await expect(fieldLeaf(page, inCelsius).count()).resolves.toBe(0);
    await expect(fieldLeaf(page, inFahrenheit).getAttribute('aria-selected')).resolves.toBe('true');
    violations.push(...(await seriousAxeViolations(page, 'graph across a unit switch')));
  }, 60_000);

  it('has no serious or critical accessibility violation in any of those states', () => {
    expect(violations).toEqual([]);
  });
});
