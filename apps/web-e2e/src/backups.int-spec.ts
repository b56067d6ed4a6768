import { readFile } from 'node:fs/promises';
import { Browser, Page } from 'playwright-core';
import { blockCard, fieldValue } from './harness/block-cards';
import { createBlocks } from './harness/blocks-api';
import { launchChromium, newVisitor, PHONE } from './harness/browser';
import { describeOnEachDatastore } from './harness/each-datastore';
import { seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';

/** A sensor and the setpoint that links to it, made through the controller's API. */
const BLOCKS = [
  { id: 'Fridge sensor', type: 'TempSensorMock', data: { connected: true, setting: 18 } },
  { id: 'Fridge setpoint', type: 'SetpointSensorPair', data: { enabled: true, sensorId: 'Fridge sensor' } },
];

describeOnEachDatastore("a user saving and loading a controller's backup", ({ store, screenshot }) => {
  let stack: WebStack;
  let browser: Browser;
  let page: Page;
  let serviceId: string;
  let saved: string;

  beforeAll(async () => {
    stack = await WebStack.start({ datastore: store });
    serviceId = stack.controller.env.SERVICE_ID;
    await createBlocks(stack.controller.client, serviceId, BLOCKS);
    browser = await launchChromium();
    page = await (await newVisitor(browser)).newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 60_000);

  it('saves the backup as a file named by the controller and the time', async () => {
    await page.goto(`${stack.url}/controllers/${serviceId}`);
    await page.getByText(/^Discovery added 3 blocks/).waitFor();
    await page.getByText('Backup', { exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Save backup' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${serviceId}-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.json$`),
    );
    saved = `${await download.path()}`;
  }, 30_000);

  it('lists what a load removes, adds and changes before loading, and the deleted block is back with its links', async () => {
    await stack.controller.client.POST('/blocks/create', {
      body: { id: 'Spare sensor', serviceId, type: 'TempSensorMock', data: {} },
    });
    await blockCard(page, 'Spare sensor').waitFor();
    const sensor = blockCard(page, 'Fridge sensor');
    await sensor.getByRole('button', { name: 'Delete Fridge sensor' }).click();
    await page
      .getByRole('group', { name: 'Delete Fridge sensor?' })
      .getByRole('button', { name: 'Delete Fridge sensor' })
      .click();
    await sensor.waitFor({ state: 'detached' });
    const setpoint = blockCard(page, 'Fridge setpoint');
    await fieldValue(setpoint, 'Sensor')
      .filter({ hasText: /^not set$/ })
      .waitFor();

    await page.getByLabel('Load backup').setInputFiles({
      name: 'fridge.json',
      mimeType: 'application/json',
      buffer: await readFile(saved),
    });
    const confirm = page.getByRole('group', { name: 'Load fridge.json?' });
    // The comparison shows once the file is read and the controller's blocks fetched; read it then.
    await confirm.getByRole('list', { name: /^Changes/ }).waitFor();
    await expect(
      confirm.getByRole('list', { name: 'Removes 1 block' }).getByRole('listitem').allTextContents(),
    ).resolves.toEqual(['Spare sensor']);
    await expect(
      confirm.getByRole('list', { name: 'Adds 1 block' }).getByRole('listitem').allTextContents(),
    ).resolves.toEqual(['Fridge sensor']);
    await expect(
      confirm
        .getByRole('list', { name: /^Changes/ })
        .getByRole('listitem')
        .allTextContents(),
    ).resolves.toContain('Fridge setpoint');
    await expect(blockCard(page, 'Spare sensor').count()).resolves.toBe(1);
    await expect(seriousAxeViolations(page, 'backup load')).resolves.toEqual([]);
    await screenshot(page.locator('details.backup'), 'backup-load');

    await confirm.getByRole('button', { name: 'Load fridge.json' }).click();
    await page.getByText('Backup loaded: every block and document restored.').waitFor();
    await blockCard(page, 'Fridge sensor').waitFor();
    await blockCard(page, 'Spare sensor').waitFor({ state: 'detached' });
    await fieldValue(setpoint, 'Sensor').getByRole('link', { name: 'Fridge sensor' }).waitFor();
    await expect(confirm.count()).resolves.toBe(0);
  }, 60_000);

  it('heads the Backup section as its sibling sections are headed, in bold', async () => {
    const weightOf = (title: string) =>
      page
        .locator('summary', { hasText: new RegExp(`^${title}$`) })
        .evaluate((summary) => getComputedStyle(summary).fontWeight);
    const siblings = [await weightOf('New block'), await weightOf('Relations')];
    expect(siblings.map(Number).every((weight) => weight >= 600)).toBe(true);
    await expect(weightOf('Backup')).resolves.toBe(siblings[0]);
  }, 30_000);

  it('says a file that is not a backup is not one, and loads nothing', async () => {
    await page.getByLabel('Load backup').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"block": []}'),
    });
    await page.getByRole('alert').filter({ hasText: 'The file is not a backup' }).waitFor();
    await expect(page.getByRole('group', { name: 'Load notes.json?' }).count()).resolves.toBe(0);
  }, 30_000);

  it('fits the backup panel on a 390 px wide screen', async () => {
    const phone = await (await newVisitor(browser, PHONE)).newPage();
    await phone.goto(`${stack.url}/controllers/${serviceId}`);
    await blockCard(phone, 'Fridge setpoint').waitFor();
    await phone.getByText('Backup', { exact: true }).click();
    await phone.getByRole('button', { name: 'Save backup' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'backup, phone')).resolves.toEqual([]);
  }, 30_000);
});
