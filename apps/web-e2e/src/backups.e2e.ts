import { readFile } from 'node:fs/promises';
import { Page } from '@playwright/test';
import { blockCard, fieldValue } from './harness/block-cards';
import { createBlocks } from './harness/blocks-api';
import { closeVisitors, newVisitor, PHONE } from './harness/browser';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

/** A sensor and the setpoint that links to it, made through the controller's API. */
const BLOCKS = [
  { id: 'Fridge sensor', type: 'TempSensorMock', data: { connected: true, setting: 18 } },
  { id: 'Fridge setpoint', type: 'SetpointSensorPair', data: { enabled: true, sensorId: 'Fridge sensor' } },
];

test.describe("a user saving and loading a controller's backup", () => {
  test.describe.configure({ mode: 'serial' });
  let stack: WebStack;
  let page: Page;
  let serviceId: string;
  let saved: string;

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    serviceId = stack.controller.env.SERVICE_ID;
    await createBlocks(stack.controller.client, serviceId, BLOCKS);
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  test('saves the backup as a file named by the controller and the time', async () => {
    await page.goto(`${stack.url}/controllers/${serviceId}`);
    await expect(page.getByText(/^Discovery added 3 blocks/)).toBeVisible();
    await page.getByText('Backup', { exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Save backup' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${serviceId}-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.json$`),
    );
    saved = `${await download.path()}`;
  });

  test('lists what a load removes, adds and changes before loading, and the deleted block is back with its links', async () => {
    await stack.controller.client.POST('/blocks/create', {
      body: { id: 'Spare sensor', serviceId, type: 'TempSensorMock', data: {} },
    });
    await expect(blockCard(page, 'Spare sensor')).toBeVisible();
    const sensor = blockCard(page, 'Fridge sensor');
    await sensor.getByRole('button', { name: 'Delete Fridge sensor' }).click();
    await page
      .getByRole('group', { name: 'Delete Fridge sensor?' })
      .getByRole('button', { name: 'Delete Fridge sensor' })
      .click();
    await expect(sensor).toHaveCount(0);
    const setpoint = blockCard(page, 'Fridge setpoint');
    await expect(fieldValue(setpoint, 'Sensor').filter({ hasText: /^not set$/ })).toBeVisible();

    await page.getByLabel('Load backup').setInputFiles({
      name: 'fridge.json',
      mimeType: 'application/json',
      buffer: await readFile(saved),
    });
    const confirm = page.getByRole('group', { name: 'Load fridge.json?' });
    // The comparison shows once the file is read and the controller's blocks fetched; read it then.
    await expect(confirm.getByRole('list', { name: /^Changes/ })).toBeVisible();
    await expect(confirm.getByRole('list', { name: 'Removes 1 block' }).getByRole('listitem')).toHaveText([
      'Spare sensor',
    ]);
    await expect(confirm.getByRole('list', { name: 'Adds 1 block' }).getByRole('listitem')).toHaveText([
      'Fridge sensor',
    ]);
    await expect(
      confirm
        .getByRole('list', { name: /^Changes/ })
        .getByRole('listitem')
        .allTextContents(),
    ).resolves.toContain('Fridge setpoint');
    await expect(blockCard(page, 'Spare sensor')).toHaveCount(1);
    await expect(seriousAxeViolations(page, 'backup load')).resolves.toEqual([]);
    await screenshot(page.locator('details.backup'), 'backup-load');

    await confirm.getByRole('button', { name: 'Load fridge.json' }).click();
    await expect(page.getByText('Backup loaded: every block and document restored.')).toBeVisible();
    await expect(blockCard(page, 'Fridge sensor')).toBeVisible();
    await expect(blockCard(page, 'Spare sensor')).toHaveCount(0);
    await expect(fieldValue(setpoint, 'Sensor').getByRole('link', { name: 'Fridge sensor' })).toBeVisible();
    await expect(confirm).toHaveCount(0);
  });

  test('heads the Backup section as its sibling sections are headed, in bold', async () => {
    const weightOf = (title: string) =>
      page
        .locator('summary', { hasText: new RegExp(`^${title}$`) })
        .evaluate((summary) => getComputedStyle(summary).fontWeight);
    const siblings = [await weightOf('New block'), await weightOf('Relations')];
    expect(siblings.map(Number).every((weight) => weight >= 600)).toBe(true);
    await expect(weightOf('Backup')).resolves.toBe(siblings[0]);
  });

  test('says a file that is not a backup is not one, and loads nothing', async () => {
    await page.getByLabel('Load backup').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"block": []}'),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'The file is not a backup' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Load notes.json?' })).toHaveCount(0);
  });

  test('fits the backup panel on a 390 px wide screen', async ({ phone }) => {
    await phone.goto(`${stack.url}/controllers/${serviceId}`);
    await expect(blockCard(phone, 'Fridge setpoint')).toBeVisible();
    await phone.getByText('Backup', { exact: true }).click();
    await expect(phone.getByRole('button', { name: 'Save backup' })).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'backup, phone')).resolves.toEqual([]);
  });
});
