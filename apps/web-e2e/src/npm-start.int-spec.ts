import { Browser, Page } from 'playwright-core';
import { createControllerClient } from '@eventcast/api-client';
import { StartScript } from '@eventcast/testing';
import { blockCard, fieldValue } from './harness/block-cards';
import { launchChromium, newVisitor } from './harness/browser';
import { raiseSetpointThroughForm } from './harness/control-loop';
import { controllerCard, DISCOVERED } from './harness/controllers-page';
import { fieldLeaf, searchField } from './harness/history-page';
import { seriousAxeViolations } from './harness/page-checks';

/** The controller `npm start` runs when no SERVICE_ID is set (README.md, "Quick start"). */
const SERVICE_ID = 'controller-1';

describe('a newcomer opening the web app npm start printed, on its embedded broker and stores', () => {
  let start: StartScript;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    start = await StartScript.start();
    browser = await launchChromium();
    page = await (await newVisitor(browser)).newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await start?.stop();
  }, 60_000);

  it('sees the simulated controller online on the Controllers page', async () => {
    await page.goto(`${start.webUrl}/controllers`);
    await page.getByRole('heading', { level: 1, name: 'Controllers' }).waitFor();
    await fieldValue(controllerCard(page, SERVICE_ID), 'Status').filter({ hasText: 'Online' }).waitFor();
    await expect(
      page.getByRole('list', { name: 'Controllers' }).getByRole('listitem').getByRole('heading').allTextContents(),
    ).resolves.toEqual([SERVICE_ID]);
    await expect(seriousAxeViolations(page, 'npm start, controllers')).resolves.toEqual([]);
  }, 60_000);

  it("sees the blocks discovery found on the controller's page", async () => {
    await controllerCard(page, SERVICE_ID).getByRole('link', { name: SERVICE_ID }).click();
    await page.getByRole('heading', { level: 1, name: `Blocks of ${SERVICE_ID}` }).waitFor();
    await page.getByText(`Discovery added 3 blocks: ${DISCOVERED.join(', ')}.`).waitFor();
    for (const id of DISCOVERED) await blockCard(page, id).waitFor();
    await expect(fieldValue(blockCard(page, 'TempSensorOneWire-1'), 'Temperature').textContent()).resolves.toMatch(
      /^-?\d+(\.\d+)? °C$/,
    );
  }, 60_000);

  it('changes a setpoint through its form and sees the next state events follow', async () => {
    const controller = createControllerClient(start.webUrl, SERVICE_ID);
    await raiseSetpointThroughForm(page, controller, SERVICE_ID);
    await expect(seriousAxeViolations(page, 'npm start, block form')).resolves.toEqual([]);
  }, 60_000);

  it("finds the controller's fields in the History page's field picker", async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { level: 1, name: 'History' }).waitFor();
    const setting = `${SERVICE_ID}/Fridge setpoint/storedSetting[degC]`;
    await searchField(page, `${SERVICE_ID}/Fridge setpoint`, setting);
    await expect(fieldLeaf(page, `${SERVICE_ID}/Fridge setpoint/setting[degC]`).isVisible()).resolves.toBe(true);
  }, 60_000);
});
