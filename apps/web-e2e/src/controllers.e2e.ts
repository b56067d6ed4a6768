import { Page } from '@playwright/test';
import { ServiceUnderTest } from '@eventcast/testing';
import { blockCard, fieldName, fieldValue } from './harness/block-cards';
import { closeVisitors, newVisitor, PHONE } from './harness/browser';
import { raiseSetpointThroughForm } from './harness/control-loop';
import { controllerCard, DISCOVERED } from './harness/controllers-page';
import { tabTo } from './harness/keyboard';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.describe('a user watching the controllers', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: WebStack;
  let cellar: ServiceUnderTest<'controller'>;
  let page: Page;
  let serviceId: string;

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    serviceId = stack.controller.env.SERVICE_ID;
    cellar = await stack.startController('cellar');
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
    await cellar?.stop();
  });

  test('lists every controller on the bus as online, with its device and block count', async () => {
    await page.goto(`${stack.url}/controllers`);
    await expect(page.getByRole('heading', { level: 1, name: 'Controllers' })).toBeVisible();
    for (const id of ['cellar', serviceId]) {
      await expect(fieldValue(controllerCard(page, id), 'Status').filter({ hasText: 'Online' })).toBeVisible();
    }
    await expect(fieldValue(controllerCard(page, serviceId), 'Version')).toHaveText('simulated-1');
    await expect(seriousAxeViolations(page, 'controllers')).resolves.toEqual([]);
  });

  test('shows a controller whose last will arrived as offline, without a reload', async () => {
    await cellar.stop('SIGKILL');
    await expect(fieldValue(controllerCard(page, 'cellar'), 'Status').filter({ hasText: 'Offline' })).toBeVisible();
    await expect(fieldValue(controllerCard(page, serviceId), 'Status')).toHaveText('Online');
    await expect(seriousAxeViolations(page, 'controllers, one offline')).resolves.toEqual([]);
    await screenshot(page, 'controllers');
  });

  test('removes an offline controller after asking, from every browser and for good', async ({ visitor: other }) => {
    await other.goto(`${stack.url}/controllers`);
    await expect(controllerCard(other, 'cellar')).toBeVisible();
    await expect(controllerCard(page, serviceId).getByRole('button', { name: `Remove ${serviceId}` })).toHaveCount(0);

    await controllerCard(page, 'cellar').getByRole('button', { name: 'Remove cellar' }).click();
    const confirm = page.getByRole('group', { name: 'Remove cellar?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toHaveCount(0);
    await controllerCard(page, 'cellar').getByRole('button', { name: 'Remove cellar' }).click();
    await expect(confirm.getByText(/^Remove cellar\? Its last state is cleared from the broker/)).toHaveCount(1);
    await expect(seriousAxeViolations(page, 'controllers, removal asked')).resolves.toEqual([]);
    await confirm.getByRole('button', { name: 'Remove cellar' }).click();

    await expect(controllerCard(page, 'cellar')).toHaveCount(0);
    await expect(controllerCard(other, 'cellar')).toHaveCount(0);
    await other.reload();
    await expect(fieldValue(controllerCard(other, serviceId), 'Status').filter({ hasText: 'Online' })).toBeVisible();
    await expect(controllerCard(other, 'cellar')).toHaveCount(0);
    await other.close();
  });

  test("discovery shows the simulated hardware's blocks when the controller's page opens", async () => {
    await controllerCard(page, serviceId).getByRole('link', { name: serviceId }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Blocks of ${serviceId}` })).toBeVisible();
    await expect(page.getByText(`Discovery added 3 blocks: ${DISCOVERED.join(', ')}.`)).toBeVisible();
    for (const id of DISCOVERED) await expect(blockCard(page, id)).toBeVisible();
    await expect(fieldValue(blockCard(page, 'TempSensorOneWire-1'), 'OneWire address')).toHaveText('28C80E9A0300009D');
    const sensor = blockCard(page, 'TempSensorOneWire-1');
    await expect(fieldValue(sensor, 'Temperature')).toHaveText(/^-?\d+\.\d\d °C$/);
    await expect(fieldName(sensor, 'Temperature')).toHaveText('Temperature read-only');
    await expect(fieldName(sensor, 'Offset')).toHaveText('Offset');
  });

  test('shows a block created elsewhere live, its link as a link to the block it names', async () => {
    await stack.controller.client.POST('/blocks/create', {
      body: {
        id: 'Beer setpoint',
        serviceId,
        type: 'SetpointSensorPair',
        data: { enabled: true, sensorId: 'TempSensorOneWire-1', storedSetting: 20 },
      },
    });
    const setpoint = blockCard(page, 'Beer setpoint');
    await expect(setpoint).toBeVisible();
    await expect(fieldValue(setpoint, 'Setpoint')).toHaveText('20.00 °C');
    await setpoint.getByRole('link', { name: 'TempSensorOneWire-1' }).click();
    await expect(page.evaluate(() => window.location.hash)).resolves.toBe('#block-TempSensorOneWire-1');
    await expect(seriousAxeViolations(page, 'blocks')).resolves.toEqual([]);
  });

  test('finds blocks by name and by type, by keyboard', async () => {
    const search = page.getByRole('searchbox', { name: 'Search blocks' });
    await page.getByRole('heading', { level: 1 }).click();
    await tabTo(page, search);
    await page.keyboard.type('onewire-2');
    await expect(shownBlocks(page)).resolves.toEqual(['TempSensorOneWire-2']);
    await search.fill('');

    const type = page.getByRole('combobox', { name: 'Type' });
    await tabTo(page, type);
    await type.selectOption('DS2413');
    await expect(shownBlocks(page)).resolves.toEqual(['DS2413-1']);
    await tabTo(page, page.getByRole('button', { name: 'Discover' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Discovery found no new hardware.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Discover' })).toBeFocused();
    await type.selectOption('');
    await screenshot(page, 'blocks');
  });

  test("a setpoint changed through the form moves the simulated PID's output in the following state events", async () => {
    const setpoint = await raiseSetpointThroughForm(page, stack.controller.client, serviceId);
    await expect(seriousAxeViolations(page, 'block form')).resolves.toEqual([]);
    await screenshot(setpoint, 'block-edit');
  });

  test("a bad value shows the service's message in the form's words beside the field and changes nothing", async () => {
    const pid = blockCard(page, 'Heater PID');
    await pid.getByRole('button', { name: 'Edit Heater PID' }).click();
    const form = page.getByRole('form', { name: 'Edit Heater PID' });
    const ti = form.getByLabel('Integral time (s)');
    await ti.fill('-5');
    await form.getByRole('button', { name: 'Save' }).click();
    const problem = form.getByText('Integral time must be at least 0 s', { exact: true });
    await expect(problem).toBeVisible();
    await expect(ti.getAttribute('aria-describedby')).resolves.toContain(await problem.getAttribute('id'));
    await expect(ti).toHaveAttribute('aria-invalid', 'true');
    await screenshot(pid, 'block-problem');

    // Whatever a state event after the refusal says of ti is what the controller holds.
    const uptime = () =>
      fieldValue(blockCard(page, 'SystemInfo'), 'Uptime')
        .textContent()
        .then((text) => parseFloat(text ?? ''));
    const refusedAt = await uptime();
    await expect
      .poll(uptime, { message: 'a state event after the refusal', timeout: 20_000 })
      .toBeGreaterThan(refusedAt + 6);
    await expect(fieldValue(pid, 'Integral time')).toHaveText('3600.0 s');
    await expect(seriousAxeViolations(page, 'block form with a problem')).resolves.toEqual([]);
  });

  test('draws the links between the blocks as a graph, with the same links as a list', async () => {
    const relations = page.locator('details', { has: page.getByText('Relations', { exact: true }) });
    await relations.getByText('Relations', { exact: true }).click();
    const links = relations.getByRole('list', { name: 'Links' }).getByRole('listitem');
    await expect(links.allTextContents()).resolves.toEqual(
      expect.arrayContaining([
        'Fridge setpoint Sensor → Fridge sensor',
        'Heater PWM Actuator → Heater',
        'Heater PID Input setpoint → Fridge setpoint',
        'Heater PID Output actuator → Heater PWM',
      ]),
    );
    await expect(seriousAxeViolations(page, 'relations')).resolves.toEqual([]);
    await screenshot(relations, 'relations');
    await relations.getByText('Relations', { exact: true }).click();
  });

  test("shows temperatures in the user's unit once the user chooses degF, in the cards and the form", async () => {
    await stack.datastore.client.POST('/set', {
      body: { value: { namespace: 'svc-global', id: 'units', temperature: 'degF' } },
    });
    await expect(page.getByText('Online, temperatures in degF')).toBeVisible();
    const sensor = blockCard(page, 'Fridge sensor');
    await expect(fieldValue(sensor, 'Simulated temperature').filter({ hasText: /^64\.40 °F$/ })).toBeVisible();
    await blockCard(page, 'Fridge sensor').getByRole('button', { name: 'Edit Fridge sensor' }).click();
    const form = page.getByRole('form', { name: 'Edit Fridge sensor' });
    await expect(form.getByLabel('Simulated temperature (°F)')).toHaveValue('64.4');
    await form.getByRole('button', { name: 'Close' }).click();
  });

  test("creates a block of a type picked by its title, with its defaults, and shows the service's message for a bad name in the form's words", async () => {
    const panel = page.locator('details', { has: page.getByText('New block', { exact: true }) });
    await panel.getByText('New block', { exact: true }).click();
    const form = panel.getByRole('form', { name: 'New block' });
    await form.getByLabel('Block name').fill('9 lives');
    const type = form.getByLabel('Block type');
    await type.selectOption({ label: 'Simulated temperature sensor' });
    await expect(
      type.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).textContent()),
    ).resolves.toMatch(/^Reads a temperature you set/);
    await form.getByRole('button', { name: 'Create' }).click();
    const problem = form.getByText(/^A block name must start with a letter/);
    await expect(problem).toBeVisible();
    await expect(form.getByLabel('Block name').getAttribute('aria-describedby')).resolves.toBe(
      await problem.getAttribute('id'),
    );

    await form.getByLabel('Block name').fill('Spare sensor');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form.getByText('Created Spare sensor.')).toBeVisible();
    const spare = blockCard(page, 'Spare sensor');
    // A new simulated sensor reads a room temperature, in the user's unit (degF since the test before).
    await expect(fieldValue(spare, 'Connected')).toHaveText('yes');
    await expect(fieldValue(spare, 'Temperature').filter({ hasText: /^68\.00 °F$/ })).toBeVisible();
    await expect(spare.locator('p.hint').first()).toHaveText('Simulated temperature sensor');
    await expect(shownBlocks(page)).resolves.not.toContain('9 lives');
    await expect(seriousAxeViolations(page, 'new block')).resolves.toEqual([]);
    await panel.getByText('New block', { exact: true }).click();
  });

  test('deletes a block after asking, and the links to it read not set', async () => {
    await blockCard(page, 'Spare sensor').getByRole('button', { name: 'Delete Spare sensor' }).click();
    const confirm = page.getByRole('group', { name: 'Delete Spare sensor?' });
    await expect(confirm.getByText('Every link to it is cleared.')).toHaveCount(1);
    await confirm.getByRole('button', { name: 'Delete Spare sensor' }).click();
    await expect(blockCard(page, 'Spare sensor')).toHaveCount(0);

    const sensor = blockCard(page, 'Fridge sensor');
    await sensor.getByRole('button', { name: 'Delete Fridge sensor' }).click();
    await page
      .getByRole('group', { name: 'Delete Fridge sensor?' })
      .getByRole('button', { name: 'Delete Fridge sensor' })
      .click();
    await expect(sensor).toHaveCount(0);
    await expect(
      fieldValue(blockCard(page, 'Fridge setpoint'), 'Sensor').filter({ hasText: /^not set$/ }),
    ).toBeVisible();
    await expect(blockCard(page, 'SystemInfo').getByRole('button', { name: 'Delete SystemInfo' })).toHaveCount(0);
  });

  test('fits both pages on a 390 px wide screen', async ({ phone }) => {
    await phone.goto(`${stack.url}/controllers`);
    await expect(controllerCard(phone, serviceId)).toBeVisible();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'controllers, phone')).resolves.toEqual([]);

    await phone.goto(`${stack.url}/controllers/${serviceId}`);
    await expect(blockCard(phone, 'Beer setpoint')).toBeVisible();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'blocks, phone')).resolves.toEqual([]);
    await screenshot(phone, 'blocks-phone');
  });
});

/** The names of the blocks the page lists, in its order (a card's own lists left aside). */
function shownBlocks(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Blocks' })
    .locator(':scope > li')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('h2')?.textContent ?? ''));
}
