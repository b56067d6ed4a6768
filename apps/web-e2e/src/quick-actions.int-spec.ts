import { Browser, Locator, Page } from 'playwright-core';
import { PrivateBroker } from '@eventcast/testing';
import { createBlocks } from './harness/blocks-api';
import { launchChromium, newVisitor, PHONE } from './harness/browser';
import { controllerCard } from './harness/controllers-page';
import { describeOnEachDatastore } from './harness/each-datastore';
import { isFocused, tabTo } from './harness/keyboard';
import { seriousAxeViolations } from './harness/page-checks';
import { actionStateLine, addChange, quickActionCard } from './harness/quick-actions';
import { SecondController } from './harness/second-controller';
import { WebStack } from './harness/web-stack';

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

describeOnEachDatastore('a user with quick actions across two controllers', ({ store, screenshot }) => {
  let broker: PrivateBroker;
  let stack: WebStack;
  let cellar: SecondController;
  let browser: Browser;
  let page: Page;
  let fermenter: string;

  beforeAll(async () => {
    // A broker of its own: the page offers every controller on the bus, and the shared broker holds other suites'.
    broker = await PrivateBroker.start();
    stack = await WebStack.start({ brokerUrl: broker.url, datastore: store });
    fermenter = stack.controller.env.SERVICE_ID;
    cellar = await SecondController.start(stack, 'cellar');
    for (const [service, serviceId, blocks] of [
      [stack.controller, fermenter, FERMENTER_BLOCKS],
      [cellar.controller, 'cellar', CELLAR_BLOCKS],
    ] as const) {
      await createBlocks(service.client, serviceId, blocks);
    }
    browser = await launchChromium();
    page = await (await newVisitor(browser)).newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await cellar?.stop();
    await stack?.stop();
    await broker?.stop();
  }, 60_000);

  it('creates a quick action that sets setpoints on both controllers, refusing a value the block type does not take', async () => {
    await page.goto(`${cellar.url}/controllers`);
    await page.getByText('No quick action saved yet.').waitFor();
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
    await page
      .getByRole('alert')
      .filter({ hasText: `Beer setpoint on ${fermenter}: Filter bypass must be at least 0 Δ°C` })
      .waitFor();
    await expect(page.getByRole('list', { name: 'Quick actions' }).getByRole('heading').count()).resolves.toBe(0);
    await expect(seriousAxeViolations(page, 'quick action refused')).resolves.toEqual([]);

    await page.getByRole('button', { name: `Remove Beer setpoint Filter bypass on ${fermenter}` }).click();
    await page.getByRole('button', { name: 'Save quick action' }).click();
    const ferment = quickActionCard(page, 'Ferment');
    await actionStateLine(ferment)
      .filter({
        hasText:
          'Not active: Beer setpoint: Setpoint is 18.00 °C, not 20.00 °C; Fridge setpoint: Setpoint is 10.00 °C, not 4.00 °C; ' +
          'Cellar setpoint: Setpoint is 12.00 °C, not 14.00 °C',
      })
      .waitFor();
    await expect(page.getByRole('form', { name: 'New quick action' }).count()).resolves.toBe(0);
    await expect(isFocused(page.getByRole('button', { name: 'New quick action' }))).resolves.toBe(true);
  }, 60_000);

  it('applies it by keyboard, reports each controller, and shows it active at the next events', async () => {
    const ferment = quickActionCard(page, 'Ferment');
    await tabTo(page, ferment.getByRole('button', { name: 'Apply Ferment' }));
    await page.keyboard.press('Enter');
    const report = ferment.getByRole('status').getByRole('listitem');
    await report.nth(1).waitFor();
    await expect(report.allTextContents()).resolves.toEqual([
      `${fermenter}: patched Beer setpoint, Fridge setpoint.`,
      'cellar: patched Cellar setpoint.',
    ]);
    await actionStateLine(ferment)
      .filter({ hasText: /^Active$/ })
      .waitFor();
    await expect(seriousAxeViolations(page, 'quick action applied')).resolves.toEqual([]);
    await screenshot(page.locator('section.quick-actions'), 'quick-actions');
  }, 30_000);

  it('stays active when the user reads temperatures in degF: 20 °C is 68 °F', async () => {
    await stack.datastore.client.POST('/set', {
      body: { value: { namespace: 'svc-global', id: 'units', temperature: 'degF' } },
    });
    for (const serviceId of [fermenter, 'cellar']) {
      await temperaturesIn(page, serviceId)
        .filter({ hasText: /^degF$/ })
        .waitFor();
    }
    await expect(actionStateLine(quickActionCard(page, 'Ferment')).textContent()).resolves.toBe('Active');
  }, 30_000);

  it('stops showing active when one of its values is changed elsewhere', async () => {
    const { response } = await stack.controller.client.POST('/blocks/patch', {
      body: {
        id: 'Beer setpoint',
        serviceId: fermenter,
        type: 'SetpointSensorPair',
        data: { storedSetting: { __objtype: 'Quantity', unit: 'degC', value: 21 } },
      },
    });
    expect(response.status).toBe(200);
    await actionStateLine(quickActionCard(page, 'Ferment'))
      .filter({ hasText: /^Not active: Beer setpoint: Setpoint is 69\.80 °F, not 20\.00 °C$/ })
      .waitFor();
  }, 30_000);

  it('edits a quick action: a change removed, the same document saved', async () => {
    const ferment = quickActionCard(page, 'Ferment');
    await ferment.getByRole('button', { name: 'Edit Ferment' }).click();
    const form = page.getByRole('form', { name: 'Edit Ferment' });
    await form.getByRole('button', { name: `Remove Fridge setpoint Setpoint on ${fermenter}` }).click();
    await form.getByRole('button', { name: 'Save quick action' }).click();
    await form.waitFor({ state: 'detached' });
    const changes = ferment.getByRole('list', { name: 'Changes of Ferment' }).getByRole('listitem');
    await changes.nth(2).waitFor({ state: 'detached' });
    await expect(changes.allTextContents()).resolves.toEqual([
      `${fermenter} · Beer setpoint · Setpoint = 20.00 °C`,
      'cellar · Cellar setpoint · Setpoint = 14.00 °C',
    ]);
    await expect(
      page.getByRole('list', { name: 'Quick actions' }).getByRole('heading', { level: 3 }).allTextContents(),
    ).resolves.toEqual(['Ferment']);
  }, 30_000);

  it('shows an action saved in another browser, and takes away one deleted there, without a reload', async () => {
    const other = await (await newVisitor(browser)).newPage();
    await other.goto(`${cellar.url}/controllers`);
    await quickActionCard(other, 'Ferment').waitFor();

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
    await coolDown.waitFor();
    await expect(
      coolDown.getByRole('list', { name: 'Changes of Cool down' }).getByRole('listitem').allTextContents(),
    ).resolves.toEqual([`${fermenter} · Fridge setpoint · Setpoint = 39.20 °F`]);

    const own = quickActionCard(page, 'Cool down');
    await own.getByRole('button', { name: 'Delete Cool down' }).click();
    await page
      .getByRole('group', { name: 'Delete Cool down?' })
      .getByRole('button', { name: 'Delete Cool down' })
      .click();
    await coolDown.waitFor({ state: 'detached' });
    await expect(quickActionCard(other, 'Ferment').count()).resolves.toBe(1);
    await other.context().close();
  }, 30_000);

  it("shows the controller's message for a patch refused, and says plainly that the other controller's patch was applied", async () => {
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
    await swap.waitFor();

    // Another user deletes the sensor the action links to: the cellar refuses that patch alone.
    await cellar.controller.client.POST('/blocks/delete', { body: { id: 'Spare sensor' } });
    await swap.getByRole('button', { name: 'Apply Swap sensor' }).click();
    const report = swap.getByRole('status');
    await report.filter({ hasText: 'The other patches were applied and stay applied' }).waitFor();
    await expect(report.getByRole('listitem').allTextContents()).resolves.toEqual([
      `${fermenter}: patched Fridge setpoint.`,
      'cellar: Cellar setpoint not patched: data.sensorId links to Spare sensor, which does not exist.',
    ]);
    await actionStateLine(swap)
      .filter({ hasText: /^Not active: Cellar setpoint: Sensor is Cellar sensor, not Spare sensor$/ })
      .waitFor();
    await expect(seriousAxeViolations(page, 'quick action partly applied')).resolves.toEqual([]);
  }, 30_000);

  it('sends nothing while a controller it patches is offline, and says so', async () => {
    await cellar.controller.stop('SIGKILL');
    const ferment = quickActionCard(page, 'Ferment');
    await actionStateLine(ferment)
      .filter({ hasText: /^Unknown: cellar is offline$/ })
      .waitFor();
    await ferment.getByRole('button', { name: 'Apply Ferment' }).click();
    const status = ferment.getByRole('status');
    await status.getByText('Nothing was applied:').waitFor();
    await expect(status.getByRole('listitem').allTextContents()).resolves.toEqual(['cellar is offline']);
    // The fermenter's own patch was not sent either: its setpoint keeps the value set elsewhere (21 °C).
    const { data } = await stack.controller.client.POST('/blocks/read', { body: { id: 'Beer setpoint' } });
    const setting = data?.data['storedSetting'] as { unit: string; value: number };
    expect(setting.unit).toBe('degF');
    expect(setting.value).toBeCloseTo(69.8, 9);
  }, 30_000);

  it('deletes a quick action after asking', async () => {
    const swap = quickActionCard(page, 'Swap sensor');
    await swap.getByRole('button', { name: 'Delete Swap sensor' }).click();
    const confirm = page.getByRole('group', { name: 'Delete Swap sensor?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(swap.count()).resolves.toBe(1);
    await swap.getByRole('button', { name: 'Delete Swap sensor' }).click();
    await confirm.getByRole('button', { name: 'Delete Swap sensor' }).click();
    await swap.waitFor({ state: 'detached' });
    await expect(quickActionCard(page, 'Ferment').count()).resolves.toBe(1);
  }, 30_000);

  it('fits the quick actions and their form on a 390 px wide screen', async () => {
    const phone = await (await newVisitor(browser, PHONE)).newPage();
    await phone.goto(`${cellar.url}/controllers`);
    await actionStateLine(quickActionCard(phone, 'Ferment'))
      .filter({ hasText: /^Unknown/ })
      .waitFor();
    await phone.getByRole('button', { name: 'New quick action' }).click();
    await addChange(phone, {
      serviceId: fermenter,
      blockId: 'Beer setpoint',
      field: 'Setpoint',
      input: 'Setpoint (°F)',
      value: '68',
    });
    await phone.getByRole('list', { name: 'Changes of the new quick action' }).getByRole('listitem').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'quick actions, phone')).resolves.toEqual([]);
  }, 30_000);
});
