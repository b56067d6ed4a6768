import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';
import { blockCard, fieldName, fieldValue } from './harness/block-cards';
import { launchChromium, newVisitor, PHONE } from './harness/browser';
import { raiseSetpointThroughForm } from './harness/control-loop';
import { controllerCard, DISCOVERED } from './harness/controllers-page';
import { describeOnEachDatastore } from './harness/each-datastore';
import { isFocused, tabTo } from './harness/keyboard';
import { seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describeOnEachDatastore('a user watching the controllers', ({ store, screenshot }) => {
  let broker: PrivateBroker;
  let stack: WebStack;
  let cellar: ServiceUnderTest<'controller'>;
  let browser: Browser;
  let page: Page;
  let serviceId: string;

  beforeAll(async () => {
    // A broker of its own: the page lists every controller on the bus, and the shared broker holds other suites'.
    broker = await PrivateBroker.start();
    stack = await WebStack.start({ brokerUrl: broker.url, datastore: store });
    serviceId = stack.controller.env.SERVICE_ID;
    cellar = await ServiceUnderTest.start('controller', {
      MQTT_URL: broker.url,
      SERVICE_ID: 'cellar',
      DATASTORE_URL: stack.datastore.url,
      DATA_DIR: join(stack.controller.env.DATA_DIR, '..', 'cellar'),
    });
    browser = await launchChromium();
    page = await (await newVisitor(browser)).newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await cellar?.stop();
    await stack?.stop();
    await broker?.stop();
  }, 60_000);

  it('lists every controller on the bus as online, with its device and block count', async () => {
    await page.goto(`${stack.url}/controllers`);
    await page.getByRole('heading', { level: 1, name: 'Controllers' }).waitFor();
    for (const id of ['cellar', serviceId]) {
      await fieldValue(controllerCard(page, id), 'Status').filter({ hasText: 'Online' }).waitFor();
    }
    await expect(fieldValue(controllerCard(page, serviceId), 'Version').textContent()).resolves.toBe('simulated-1');
    await expect(seriousAxeViolations(page, 'controllers')).resolves.toEqual([]);
  }, 60_000);

  it('shows a controller whose last will arrived as offline, without a reload', async () => {
    await cellar.stop('SIGKILL');
    await fieldValue(controllerCard(page, 'cellar'), 'Status').filter({ hasText: 'Offline' }).waitFor();
    await expect(fieldValue(controllerCard(page, serviceId), 'Status').textContent()).resolves.toBe('Online');
    await expect(seriousAxeViolations(page, 'controllers, one offline')).resolves.toEqual([]);
    await screenshot(page, 'controllers');
  }, 30_000);

  it('removes an offline controller after asking, from every browser and for good', async () => {
    const other = await (await newVisitor(browser)).newPage();
    await other.goto(`${stack.url}/controllers`);
    await controllerCard(other, 'cellar').waitFor();
    await expect(
      controllerCard(page, serviceId)
        .getByRole('button', { name: `Remove ${serviceId}` })
        .count(),
    ).resolves.toBe(0);

    await controllerCard(page, 'cellar').getByRole('button', { name: 'Remove cellar' }).click();
    const confirm = page.getByRole('group', { name: 'Remove cellar?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm.count()).resolves.toBe(0);
    await controllerCard(page, 'cellar').getByRole('button', { name: 'Remove cellar' }).click();
    await expect(confirm.getByText(/^Remove cellar\? Its last state is cleared from the broker/).count()).resolves.toBe(
      1,
    );
    await expect(seriousAxeViolations(page, 'controllers, removal asked')).resolves.toEqual([]);
    await confirm.getByRole('button', { name: 'Remove cellar' }).click();

    await controllerCard(page, 'cellar').waitFor({ state: 'detached' });
    await controllerCard(other, 'cellar').waitFor({ state: 'detached' });
    await other.reload();
    await fieldValue(controllerCard(other, serviceId), 'Status').filter({ hasText: 'Online' }).waitFor();
    await expect(controllerCard(other, 'cellar').count()).resolves.toBe(0);
    await other.close();
  }, 30_000);

  it("discovery shows the simulated hardware's blocks when the controller's page opens", async () => {
    await controllerCard(page, serviceId).getByRole('link', { name: serviceId }).click();
    await page.getByRole('heading', { level: 1, name: `Blocks of ${serviceId}` }).waitFor();
    await page.getByText(`Discovery added 3 blocks: ${DISCOVERED.join(', ')}.`).waitFor();
    for (const id of DISCOVERED) await blockCard(page, id).waitFor();
    await expect(fieldValue(blockCard(page, 'TempSensorOneWire-1'), 'OneWire address').textContent()).resolves.toBe(
      '28C80E9A0300009D',
    );
    const sensor = blockCard(page, 'TempSensorOneWire-1');
    await expect(fieldValue(sensor, 'Temperature').textContent()).resolves.toMatch(/^-?\d+\.\d\d °C$/);
    await expect(fieldName(sensor, 'Temperature').textContent()).resolves.toBe('Temperature read-only');
    await expect(fieldName(sensor, 'Offset').textContent()).resolves.toBe('Offset');
  }, 30_000);

  it('shows a block created elsewhere live, its link as a link to the block it names', async () => {
    await stack.controller.client.POST('/blocks/create', {
      body: {
        id: 'Beer setpoint',
        serviceId,
        type: 'SetpointSensorPair',
        data: { enabled: true, sensorId: 'TempSensorOneWire-1', storedSetting: 20 },
      },
    });
    const setpoint = blockCard(page, 'Beer setpoint');
    await setpoint.waitFor();
    await expect(fieldValue(setpoint, 'Setpoint').textContent()).resolves.toBe('20.00 °C');
    await setpoint.getByRole('link', { name: 'TempSensorOneWire-1' }).click();
    await expect(page.evaluate(() => window.location.hash)).resolves.toBe('#block-TempSensorOneWire-1');
    await expect(seriousAxeViolations(page, 'blocks')).resolves.toEqual([]);
  }, 30_000);

  it('finds blocks by name and by type, by keyboard', async () => {
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
    await page.getByText('Discovery found no new hardware.').waitFor();
    await expect(isFocused(page.getByRole('button', { name: 'Discover' }))).resolves.toBe(true);
    await type.selectOption('');
    await screenshot(page, 'blocks');
  }, 30_000);

  it("a setpoint changed through the form moves the simulated PID's output in the following state events", async () => {
    const setpoint = await raiseSetpointThroughForm(page, stack.controller.client, serviceId);
    await expect(seriousAxeViolations(page, 'block form')).resolves.toEqual([]);
    await screenshot(setpoint, 'block-edit');
  }, 60_000);

  it("a bad value shows the service's message in the form's words beside the field and changes nothing", async () => {
    const pid = blockCard(page, 'Heater PID');
    await pid.getByRole('button', { name: 'Edit Heater PID' }).click();
    const form = page.getByRole('form', { name: 'Edit Heater PID' });
    const ti = form.getByLabel('Integral time (s)');
    await ti.fill('-5');
    await form.getByRole('button', { name: 'Save' }).click();
    const problem = form.getByText('Integral time must be at least 0 s', { exact: true });
    await problem.waitFor();
    await expect(ti.getAttribute('aria-describedby')).resolves.toContain(await problem.getAttribute('id'));
    await expect(ti.getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(pid, 'block-problem');

    // Whatever a state event after the refusal says of ti is what the controller holds.
    const uptime = () =>
      fieldValue(blockCard(page, 'SystemInfo'), 'Uptime')
        .textContent()
        .then((text) => parseFloat(text ?? ''));
    const refusedAt = await uptime();
    await waitFor('a state event after the refusal', async () => (await uptime()) > refusedAt + 6, 20_000);
    await expect(fieldValue(pid, 'Integral time').textContent()).resolves.toBe('3600.0 s');
    await expect(seriousAxeViolations(page, 'block form with a problem')).resolves.toEqual([]);
  }, 60_000);

  it('draws the links between the blocks as a graph, with the same links as a list', async () => {
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
  }, 30_000);

  it("shows temperatures in the user's unit once the user chooses degF, in the cards and the form", async () => {
    await stack.datastore.client.POST('/set', {
      body: { value: { namespace: 'svc-global', id: 'units', temperature: 'degF' } },
    });
    await page.getByText('Online, temperatures in degF').waitFor();
    const sensor = blockCard(page, 'Fridge sensor');
    await fieldValue(sensor, 'Simulated temperature')
      .filter({ hasText: /^64\.40 °F$/ })
      .waitFor();
    await blockCard(page, 'Fridge sensor').getByRole('button', { name: 'Edit Fridge sensor' }).click();
    const form = page.getByRole('form', { name: 'Edit Fridge sensor' });
    await expect(form.getByLabel('Simulated temperature (°F)').inputValue()).resolves.toBe('64.4');
    await form.getByRole('button', { name: 'Close' }).click();
  }, 30_000);

  it("creates a block of a type picked by its title, with its defaults, and shows the service's message for a bad name in the form's words", async () => {
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
    await problem.waitFor();
    await expect(form.getByLabel('Block name').getAttribute('aria-describedby')).resolves.toBe(
      await problem.getAttribute('id'),
    );

    await form.getByLabel('Block name').fill('Spare sensor');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Created Spare sensor.').waitFor();
    const spare = blockCard(page, 'Spare sensor');
    // A new simulated sensor reads a room temperature, in the user's unit (degF since the test before).
    await expect(fieldValue(spare, 'Connected').textContent()).resolves.toBe('yes');
    await fieldValue(spare, 'Temperature')
      .filter({ hasText: /^68\.00 °F$/ })
      .waitFor();
    await expect(spare.locator('p.hint').first().textContent()).resolves.toBe('Simulated temperature sensor');
    await expect(shownBlocks(page)).resolves.not.toContain('9 lives');
    await expect(seriousAxeViolations(page, 'new block')).resolves.toEqual([]);
    await panel.getByText('New block', { exact: true }).click();
  }, 30_000);

  it('deletes a block after asking, and the links to it read not set', async () => {
    await blockCard(page, 'Spare sensor').getByRole('button', { name: 'Delete Spare sensor' }).click();
    const confirm = page.getByRole('group', { name: 'Delete Spare sensor?' });
    await expect(confirm.getByText('Every link to it is cleared.').count()).resolves.toBe(1);
    await confirm.getByRole('button', { name: 'Delete Spare sensor' }).click();
    await blockCard(page, 'Spare sensor').waitFor({ state: 'detached' });

    const sensor = blockCard(page, 'Fridge sensor');
    await sensor.getByRole('button', { name: 'Delete Fridge sensor' }).click();
    await page
      .getByRole('group', { name: 'Delete Fridge sensor?' })
      .getByRole('button', { name: 'Delete Fridge sensor' })
      .click();
    await sensor.waitFor({ state: 'detached' });
    await fieldValue(blockCard(page, 'Fridge setpoint'), 'Sensor')
      .filter({ hasText: /^not set$/ })
      .waitFor();
    await expect(
      blockCard(page, 'SystemInfo').getByRole('button', { name: 'Delete SystemInfo' }).count(),
    ).resolves.toBe(0);
  }, 30_000);

  it('fits both pages on a 390 px wide screen', async () => {
    const phone = await (await newVisitor(browser, PHONE)).newPage();
    await phone.goto(`${stack.url}/controllers`);
    await controllerCard(phone, serviceId).waitFor();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'controllers, phone')).resolves.toEqual([]);

    await phone.goto(`${stack.url}/controllers/${serviceId}`);
    await blockCard(phone, 'Beer setpoint').waitFor();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'blocks, phone')).resolves.toEqual([]);
    await screenshot(phone, 'blocks-phone');
  }, 30_000);
});

/** The names of the blocks the page lists, in its order (a card's own lists left aside). */
function shownBlocks(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Blocks' })
    .locator(':scope > li')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('h2')?.textContent ?? ''));
}
