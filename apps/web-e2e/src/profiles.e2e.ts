import { Page } from '@playwright/test';
import { blockCard, fieldValue } from './harness/block-cards';
import { createBlocks } from './harness/blocks-api';
import { closeVisitors, newVisitor, PHONE } from './harness/browser';
import { focusArrivesIn, tabTo } from './harness/keyboard';
import { seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

const BLOCKS = [
  { id: 'Beer sensor', type: 'TempSensorMock', data: { connected: true, setting: 19 } },
  {
    id: 'Beer setpoint',
    type: 'SetpointSensorPair',
    data: { enabled: true, sensorId: 'Beer sensor', storedSetting: 18 },
  },
];
const PLAN = 'Hold 20.00 °C for 7 d, then ramp to 22.00 °C over 2 d, then hold 2.00 °C for 2 d.';

test.describe('a brewer giving a beer its fermentation profile', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: WebStack;
  let page: Page;
  let serviceId: string;

  const card = () => page.getByRole('list', { name: 'Profiles' }).getByRole('listitem', { name: 'Ale' });
  const listed = async () => (await stack.automation.client.POST('/profiles/list')).data?.values ?? [];

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    serviceId = stack.controller.env.SERVICE_ID;
    await createBlocks(stack.controller.client, serviceId, BLOCKS);
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  test('a step without its setting is refused with the problem beside the input, nothing saved', async () => {
    await page.goto(`${stack.url}/alerts`);
    await page.getByRole('link', { name: 'Profiles' }).click();
    await expect(page.getByRole('heading', { name: 'Fermentation profiles' })).toBeVisible();
    await expect(page.getByText('No profile yet')).toBeVisible();
    await page.getByRole('button', { name: 'New profile' }).click();
    await expect(page.getByLabel('Title')).toBeFocused();
    await page.getByLabel('Title').fill('Ale');
    await page.getByLabel('Controller').fill(serviceId);
    await page.getByLabel('Setpoint block').fill('Beer setpoint');
    await page.getByLabel('Step 1: for (days)').fill('7');
    await expect(page.getByText('The planned line shows once each step has a setting and a duration.')).toBeVisible();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByLabel('Step 1: setting (°C)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Step 1: setting (°C)')).toHaveAccessibleDescription(/number/);
    expect(await listed()).toEqual([]);
  });

  test('makes a hold, a ramp and a cold crash, with the planned line drawn as it is typed', async () => {
    await page.getByLabel('Step 1: setting (°C)').fill('20');
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByLabel('Step 2: kind').selectOption({ label: 'Ramp to the setting' });
    await page.getByLabel('Step 2: setting (°C)').fill('22');
    await page.getByLabel('Step 2: over (days)').fill('2');
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByLabel('Step 3: setting (°C)').fill('2');
    await page.getByLabel('Step 3: for (days)').fill('2');
    const graph = page.getByRole('form', { name: 'New profile' }).getByRole('img');
    await expect(graph).toHaveAccessibleName(`Planned setting: ${PLAN}`);
    await page.getByRole('button', { name: 'Move step 3 up' }).click();
    await expect(graph).toHaveAccessibleName(
      'Planned setting: Hold 20.00 °C for 7 d, then hold 2.00 °C for 2 d, then ramp to 22.00 °C over 2 d.',
    );
    await expect(page.getByRole('button', { name: 'Move step 3 down' })).toBeDisabled();
    await page.getByRole('button', { name: 'Move step 2 down' }).click();
    await expect(graph).toHaveAccessibleName(`Planned setting: ${PLAN}`);
    expect(await seriousAxeViolations(page, 'the profile form')).toEqual([]);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(card()).toContainText(`Stopped · drives Beer setpoint on ${serviceId}`);
    await expect(card()).toContainText(PLAN);
    await expect(page.getByRole('button', { name: 'New profile' })).toBeFocused();
  });

  test("starts it: the beer's setpoint follows the plan, and the card says where it stands", async () => {
    await page.getByRole('button', { name: 'Start Ale now' }).click();
    await expect(card()).toContainText('Step 1 of 3: 20.00 °C now');
    await page.goto(`${stack.url}/controllers/${serviceId}`);
    await expect(fieldValue(blockCard(page, 'Beer setpoint'), 'Setpoint')).toContainText('20');
    await page.goto(`${stack.url}/alerts/profiles`);
    await page.getByRole('button', { name: 'Stop Ale' }).click();
    await expect(card()).toContainText('Stopped');
    expect((await listed()).map(({ running }) => running)).toEqual([false]);
  });

  test('edits it at phone width by keyboard, then deletes it after asking', async () => {
    await page.setViewportSize(PHONE);
    const edit = page.getByRole('button', { name: 'Edit Ale' });
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Edit Ale' });
    await focusArrivesIn(form);
    await expect(page.getByLabel('Step 1: setting (°C)')).toHaveValue('20');
    await page.getByLabel('Step 1: setting (°C)').fill('19');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page, 'the profile form at 390 px')).toEqual([]);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(card()).toContainText('Hold 19.00 °C for 7 d');
    await page.getByRole('button', { name: 'Delete Ale' }).click();
    await page.getByRole('button', { name: 'Delete Ale' }).click();
    await expect(page.getByText('No profile yet')).toBeVisible();
    expect(await listed()).toEqual([]);
  });
});
