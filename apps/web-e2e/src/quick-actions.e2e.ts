import { Locator, Page } from '@playwright/test';
import { createBlocks } from './harness/blocks-api';
import { closeVisitors, newVisitor, PHONE } from './harness/browser';
import { controllerCard } from './harness/controllers-page';
import { tabTo } from './harness/keyboard';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { actionStateLine, addChange, quickActionCard } from './harness/quick-actions';
import { SecondController } from './harness/second-controller';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

/** The fermenter's blocks, on the stack's controller, made through its API. */
const FERMENTER_BLOCKS = [
  { id: 'Beer sensor', type: 'TempSensorMock', data: { connected: true, setting: 19 } },
  {
    id: 'Beer setpoint',
    type: 'SetpointSensorPair',
    data: { enabled: true, sensorId: 'Beer sensor', storedSetting: 18 },
  },
  { id: 'Fridge setpoint', type: 'SetpointSensorPair', data: { enabled: true, storedSetting: 10 } },
];

/** The cellar's blocks, on a second controller. */
const CELLAR_BLOCKS = [
  { id: 'Cellar sensor', type: 'TempSensorMock', data: { connected: true, setting: 13 } },
  { id: 'Spare sensor', type: 'TempSensorMock', data: { connected: true, setting: 13 } },
  {
    id: 'Cellar setpoint',
    type: 'SetpointSensorPair',
    data: { enabled: true, sensorId: 'Cellar sensor', storedSetting: 12 },
  },
];

/** The line of the Controllers page that names the unit a controller sends temperatures in. */
const temperaturesIn = (page: Page, serviceId: string): Locator =>
  controllerCard(page, serviceId)
    .locator('dt', { hasText: 'Temperatures in' })
    .locator('xpath=following-sibling::dd[1]');

test.describe('a user with quick actions across two controllers', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: WebStack;
  let cellar: SecondController;
  let page: Page;
  let fermenter: string;

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    fermenter = stack.controller.env.SERVICE_ID;
    cellar = await SecondController.start(stack, 'cellar');
    for (const [service, serviceId, blocks] of [
      [stack.controller, fermenter, FERMENTER_BLOCKS],
      [cellar.controller, 'cellar', CELLAR_BLOCKS],
    ] as const) {
      await createBlocks(service.client, serviceId, blocks);
    }
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
    await cellar?.stop();
  });

  test('creates a quick action that sets setpoints on both controllers, refusing a value the block type does not take', async () => {
    await page.goto(`${cellar.url}/controllers`);
    await expect(page.getByText('No quick action saved yet.')).toBeVisible();
    await page.getByRole('button', { name: 'New quick action' }).click();
    await page.getByLabel('Quick action name').fill('Ferment');
    const setting = { field: 'Setpoint', input: 'Setpoint (°C)' };
    await addChange(page, { ...setting, serviceId: fermenter, blockId: 'Beer setpoint', value: '20' });
    await addChange(page, { ...setting, serviceId: fermenter, blockId: 'Fridge setpoint', value: '4' });
    await addChange(page, { ...setting, serviceId: 'cellar', blockId: 'Cellar setpoint', value: '14' });
    await addChange(page, {
      serviceId: fermenter,
      blockId: 'Beer setpoint',
      field: 'Filter bypass',
      input: 'Filter bypass (Δ°C)',
      value: '-1',
    });
    const changes = page.getByRole('list', { name: 'Changes of Ferment' }).getByRole('listitem');
    await expect(changes.allTextContents()).resolves.toEqual([
      `${fermenter} · Beer setpoint · Setpoint = 20.00 °CRemove`,
      `${fermenter} · Beer setpoint · Filter bypass = -1.00 Δ°CRemove`,
      `${fermenter} · Fridge setpoint · Setpoint = 4.00 °CRemove`,
      'cellar · Cellar setpoint · Setpoint = 14.00 °CRemove',
    ]);

    await page.getByRole('button', { name: 'Save quick action' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: `Beer setpoint on ${fermenter}: Filter bypass must be at least 0 Δ°C` }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Quick actions' }).getByRole('heading')).toHaveCount(0);
    await expect(seriousAxeViolations(page, 'quick action refused')).resolves.toEqual([]);

    await page.getByRole('button', { name: `Remove Beer setpoint Filter bypass on ${fermenter}` }).click();
    await page.getByRole('button', { name: 'Save quick action' }).click();
    const ferment = quickActionCard(page, 'Ferment');
    await expect(actionStateLine(ferment)).toContainText(
      'Not active: Beer setpoint: Setpoint is 18.00 °C, not 20.00 °C; Fridge setpoint: Setpoint is 10.00 °C, not 4.00 °C; ' +
        'Cellar setpoint: Setpoint is 12.00 °C, not 14.00 °C',
    );
    await expect(page.getByRole('form', { name: 'New quick action' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New quick action' })).toBeFocused();
  });

  test('applies it by keyboard, reports each controller, and shows it active at the next events', async () => {
    const ferment = quickActionCard(page, 'Ferment');
    await tabTo(page, ferment.getByRole('button', { name: 'Apply Ferment' }));
    await page.keyboard.press('Enter');
    const report = ferment.getByRole('status').getByRole('listitem');
    await expect(report.nth(1)).toBeVisible();
    await expect(report.allTextContents()).resolves.toEqual([
      `${fermenter}: patched Beer setpoint, Fridge setpoint.`,
      'cellar: patched Cellar setpoint.',
    ]);
    await expect(actionStateLine(ferment).filter({ hasText: /^Active$/ })).toBeVisible();
    await expect(seriousAxeViolations(page, 'quick action applied')).resolves.toEqual([]);
    await screenshot(page.locator('section.quick-actions'), 'quick-actions');
  });

  test('stays active when the user reads temperatures in degF: 20 °C is 68 °F', async () => {
    await stack.datastore.client.POST('/set', {
      body: { value: { namespace: 'svc-global', id: 'units', temperature: 'degF' } },
    });
    for (const serviceId of [fermenter, 'cellar']) {
      await expect(temperaturesIn(page, serviceId).filter({ hasText: /^degF$/ })).toBeVisible();
    }
    await expect(actionStateLine(quickActionCard(page, 'Ferment'))).toHaveText('Active');
  });

  test('stops showing active when one of its values is changed elsewhere', async () => {
    const { response } = await stack.controller.client.POST('/blocks/patch', {
      body: {
        id: 'Beer setpoint',
        serviceId: fermenter,
        type: 'SetpointSensorPair',
        data: { storedSetting: { __objtype: 'Quantity', unit: 'degC', value: 21 } },
      },
    });
    expect(response.status).toBe(200);
    await expect(
      actionStateLine(quickActionCard(page, 'Ferment')).filter({
        hasText: /^Not active: Beer setpoint: Setpoint is 69\.80 °F, not 20\.00 °C$/,
      }),
    ).toBeVisible();
  });

  test('edits a quick action: a change removed, the same document saved', async () => {
    const ferment = quickActionCard(page, 'Ferment');
    await ferment.getByRole('button', { name: 'Edit Ferment' }).click();
    const form = page.getByRole('form', { name: 'Edit Ferment' });
    await form.getByRole('button', { name: `Remove Fridge setpoint Setpoint on ${fermenter}` }).click();
    await form.getByRole('button', { name: 'Save quick action' }).click();
    await expect(form).toHaveCount(0);
    const changes = ferment.getByRole('list', { name: 'Changes of Ferment' }).getByRole('listitem');
    await expect(changes.nth(2)).toHaveCount(0);
    await expect(changes.allTextContents()).resolves.toEqual([
      `${fermenter} · Beer setpoint · Setpoint = 20.00 °C`,
      'cellar · Cellar setpoint · Setpoint = 14.00 °C',
    ]);
    await expect(page.getByRole('list', { name: 'Quick actions' }).getByRole('heading', { level: 3 })).toHaveText([
      'Ferment',
    ]);
  });

  test('shows an action saved in another browser, and takes away one deleted there, without a reload', async ({
    visitor: other,
  }) => {
    await other.goto(`${cellar.url}/controllers`);
    await expect(quickActionCard(other, 'Ferment')).toBeVisible();

    await page.getByRole('button', { name: 'New quick action' }).click();
    await page.getByLabel('Quick action name').fill('Cool down');
    await addChange(page, {
      serviceId: fermenter,
      blockId: 'Fridge setpoint',
      field: 'Setpoint',
      input: 'Setpoint (°F)',
      value: '39.2',
    });
    await page.getByRole('button', { name: 'Save quick action' }).click();
    const coolDown = quickActionCard(other, 'Cool down');
    await expect(coolDown).toBeVisible();
    await expect(coolDown.getByRole('list', { name: 'Changes of Cool down' }).getByRole('listitem')).toHaveText([
      `${fermenter} · Fridge setpoint · Setpoint = 39.20 °F`,
    ]);

    const own = quickActionCard(page, 'Cool down');
    await own.getByRole('button', { name: 'Delete Cool down' }).click();
    await page
      .getByRole('group', { name: 'Delete Cool down?' })
      .getByRole('button', { name: 'Delete Cool down' })
      .click();
    await expect(coolDown).toHaveCount(0);
    await expect(quickActionCard(other, 'Ferment')).toHaveCount(1);
    await other.context().close();
  });

  test("shows the controller's message for a patch refused, and says plainly that the other controller's patch was applied", async () => {
    await page.getByRole('button', { name: 'New quick action' }).click();
    await page.getByLabel('Quick action name').fill('Swap sensor');
    await addChange(page, {
      serviceId: fermenter,
      blockId: 'Fridge setpoint',
      field: 'Enabled',
      input: 'Enabled',
      value: false,
    });
    await addChange(page, {
      serviceId: 'cellar',
      blockId: 'Cellar setpoint',
      field: 'Sensor',
      input: 'Sensor',
      value: 'Spare sensor',
    });
    await page.getByRole('button', { name: 'Save quick action' }).click();
    const swap = quickActionCard(page, 'Swap sensor');
    await expect(swap).toBeVisible();

    // Another user deletes the sensor the action links to: the cellar refuses that patch alone.
    await cellar.controller.client.POST('/blocks/delete', { body: { id: 'Spare sensor' } });
    await swap.getByRole('button', { name: 'Apply Swap sensor' }).click();
    const report = swap.getByRole('status');
    await expect(report.filter({ hasText: 'The other patches were applied and stay applied' })).toBeVisible();
    await expect(report.getByRole('listitem').allTextContents()).resolves.toEqual([
      `${fermenter}: patched Fridge setpoint.`,
      'cellar: Cellar setpoint not patched: data.sensorId links to Spare sensor, which does not exist.',
    ]);
    await expect(
      actionStateLine(swap).filter({
        hasText: /^Not active: Cellar setpoint: Sensor is Cellar sensor, not Spare sensor$/,
      }),
    ).toBeVisible();
    await expect(seriousAxeViolations(page, 'quick action partly applied')).resolves.toEqual([]);
  });

  test('sends nothing while a controller it patches is offline, and says so', async () => {
    await cellar.controller.stop('SIGKILL');
    const ferment = quickActionCard(page, 'Ferment');
    await expect(actionStateLine(ferment).filter({ hasText: /^Unknown: cellar is offline$/ })).toBeVisible();
    await ferment.getByRole('button', { name: 'Apply Ferment' }).click();
    const status = ferment.getByRole('status');
    await expect(status.getByText('Nothing was applied:')).toBeVisible();
    await expect(status.getByRole('listitem').allTextContents()).resolves.toEqual(['cellar is offline']);
    // The fermenter's own patch was not sent either: its setpoint keeps the value set elsewhere (21 °C).
    const { data } = await stack.controller.client.POST('/blocks/read', { body: { id: 'Beer setpoint' } });
    const setting = data?.data['storedSetting'] as { unit: string; value: number };
    expect(setting.unit).toBe('degF');
    expect(setting.value).toBeCloseTo(69.8, 9);
  });

  test('deletes a quick action after asking', async () => {
    const swap = quickActionCard(page, 'Swap sensor');
    await swap.getByRole('button', { name: 'Delete Swap sensor' }).click();
    const confirm = page.getByRole('group', { name: 'Delete Swap sensor?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(swap).toHaveCount(1);
    await swap.getByRole('button', { name: 'Delete Swap sensor' }).click();
    await confirm.getByRole('button', { name: 'Delete Swap sensor' }).click();
    await expect(swap).toHaveCount(0);
    await expect(quickActionCard(page, 'Ferment')).toHaveCount(1);
  });

  test('fits the quick actions and their form on a 390 px wide screen', async ({ phone }) => {
    await phone.goto(`${cellar.url}/controllers`);
    await expect(actionStateLine(quickActionCard(phone, 'Ferment')).filter({ hasText: /^Unknown/ })).toBeVisible();
    await phone.getByRole('button', { name: 'New quick action' }).click();
    await addChange(phone, {
      serviceId: fermenter,
      blockId: 'Beer setpoint',
      field: 'Setpoint',
      input: 'Setpoint (°F)',
      value: '68',
    });
    await expect(
      phone.getByRole('list', { name: 'Changes of the new quick action' }).getByRole('listitem'),
    ).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'quick actions, phone')).resolves.toEqual([]);
  });
});
