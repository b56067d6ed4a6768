import { Page } from '@playwright/test';
import { createControllerClient } from '@eventcast/api-client';
import { StartScript } from '@eventcast/testing';
import { blockCard, fieldValue } from './harness/block-cards';
import { closeVisitors, newVisitor } from './harness/browser';
import { raiseSetpointThroughForm } from './harness/control-loop';
import { controllerCard, DISCOVERED } from './harness/controllers-page';
import { fieldLeaf, searchField } from './harness/history-page';
import { seriousAxeViolations } from './harness/page-checks';
import { expect, test } from './harness/web-test';

/** The controller `npm start` runs when no SERVICE_ID is set (README.md, "Quick start"). */
const SERVICE_ID = 'controller-1';

test.describe('a newcomer opening the web app npm start printed, on its embedded broker and stores', () => {
  test.describe.configure({ mode: 'serial' });
  let start: StartScript;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    start = await StartScript.start();
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
    await start?.stop();
  });

  test('sees the simulated controller online on the Controllers page', async () => {
    await page.goto(`${start.webUrl}/controllers`);
    await expect(page.getByRole('heading', { level: 1, name: 'Controllers' })).toBeVisible();
    await expect(fieldValue(controllerCard(page, SERVICE_ID), 'Status').filter({ hasText: 'Online' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Controllers' }).getByRole('listitem').getByRole('heading')).toHaveText(
      [SERVICE_ID],
    );
    await expect(seriousAxeViolations(page, 'npm start, controllers')).resolves.toEqual([]);
  });

  test("sees the blocks discovery found on the controller's page", async () => {
    await controllerCard(page, SERVICE_ID).getByRole('link', { name: SERVICE_ID }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Blocks of ${SERVICE_ID}` })).toBeVisible();
    await expect(page.getByText(`Discovery added 3 blocks: ${DISCOVERED.join(', ')}.`)).toBeVisible();
    for (const id of DISCOVERED) await expect(blockCard(page, id)).toBeVisible();
    await expect(fieldValue(blockCard(page, 'TempSensorOneWire-1'), 'Temperature').textContent()).resolves.toMatch(
      /^-?\d+(\.\d+)? °C$/,
    );
  });

  test('changes a setpoint through its form and sees the next state events follow', async () => {
    const controller = createControllerClient(start.webUrl, SERVICE_ID);
    await raiseSetpointThroughForm(page, controller, SERVICE_ID);
    await expect(seriousAxeViolations(page, 'npm start, block form')).resolves.toEqual([]);
  });

  test("finds the controller's fields in the History page's field picker", async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    const setting = `${SERVICE_ID}/Fridge setpoint/storedSetting[degC]`;
    await searchField(page, `${SERVICE_ID}/Fridge setpoint`, setting);
    await expect(fieldLeaf(page, `${SERVICE_ID}/Fridge setpoint/setting[degC]`)).toBeVisible();
  });
});
