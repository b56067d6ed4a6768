import { Page } from '@playwright/test';
import { createControllerClient, createDatastoreClient, ControllerApiClient } from '@eventcast/api-client';
import { blockCard, fieldValue } from './harness/block-cards';
import { closeVisitors, newVisitor, PHONE } from './harness/browser';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

/** The simulated fridge's sensor in the air and in the beer (docs/controller.md, "A simulated fridge"). */
const AIR_SENSOR = '28C80E9A0300009D';
const BEER_SENSOR = '28FF4A1B2C3D0042';
/** Simulated time runs this many times faster: the beer, hours from its setpoint, gets there in seconds. */
const SIM_SPEED = '600';

const FERMENT_BLOCKS = [
  'Ferment fridge setpoint',
  'Ferment beer setpoint',
  'Ferment heater',
  'Ferment cooler',
  'Ferment heat PWM',
  'Ferment cool PWM',
  'Ferment beer offset',
  'Ferment heat PID',
  'Ferment cool PID',
  'Ferment beer PID',
];

// A controller whose simulated fridge warms and cools, on a clock 600 times as fast.
test.use({ stackOptions: { controllerEnv: { SIM_FRIDGE: 'on', SIM_SPEED } } });

test.describe('a brewer setting up a fermentation fridge with the quick start', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: WebStack;
  let page: Page;
  let serviceId: string;
  let controller: ControllerApiClient;

  test.beforeAll(async ({ browser, stack: fridgeStack }) => {
    stack = await fridgeStack.reset();
    serviceId = stack.controller.env.SERVICE_ID;
    controller = createControllerClient(stack.url, serviceId);
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  /** The block `id` as the controller's REST API reads it. */
  async function readBlock(id: string): Promise<Record<string, unknown>> {
    const { data, response } = await controller.POST('/blocks/read', { body: { id } });
    expect({ id, status: response.status }).toEqual({ id, status: 200 });
    return (data?.data ?? {}) as Record<string, unknown>;
  }

  const linked = (data: Record<string, unknown>, field: string) => (data[field] as { id?: string } | undefined)?.id;

  /** How many documents the datastore keeps in `namespace`. */
  async function documentCount(namespace: string): Promise<number> {
    const { data } = await createDatastoreClient(stack.url).POST('/mget', { body: { namespace } });
    return data?.values.length ?? -1;
  }

  test("opens from the controller's blocks page, offering the fridge's sensors and pins", async () => {
    await page.goto(`${stack.url}/controllers/${serviceId}`);
    await page.getByRole('link', { name: `Quick start on ${serviceId}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Quick start on ${serviceId}` })).toBeVisible();
    await expect(page.getByText(`Free on ${serviceId}: 2 temperature sensors, 6 pins.`)).toBeVisible();

    const form = page.getByRole('form', { name: 'Fermentation fridge' });
    const air = form.getByLabel("Sensor in the fridge's air");
    const beer = form.getByLabel('Sensor in the beer');
    await expect(air.locator('option:checked')).toHaveText(/^TempSensorOneWire-1/);
    await expect(beer.locator('option:checked')).toHaveText(/^TempSensorOneWire-2/);
    expect([
      (await readBlock('TempSensorOneWire-1'))['address'],
      (await readBlock('TempSensorOneWire-2'))['address'],
    ]).toEqual([AIR_SENSOR, BEER_SENSOR]);
    // The beer starts at the room's 20 °C, 3 °C from the setpoint the wizard is given below.
    const beerAtStart = (await readBlock('TempSensorOneWire-2'))['value'] as { value: number };
    expect(Math.abs(beerAtStart.value - 20)).toBeLessThan(0.5);
    await expect(form.getByLabel('Heater pin').locator('option:checked')).toHaveText('OnboardPins channel 1');
    await expect(form.getByLabel('Cooler pin').locator('option:checked')).toHaveText('OnboardPins channel 2');
    await expect(form.getByLabel('Temperature to keep (°C)')).toHaveValue('20');
    await expect(form.getByRole('radio', { name: /^Beer mode/ })).toBeChecked();
    await expect(seriousAxeViolations(page, 'quick start form')).resolves.toEqual([]);
    await screenshot(page, 'quick-start');
  });

  test('creates the linked chain, its quick actions and a dashboard, and says what it made', async () => {
    const form = page.getByRole('form', { name: 'Fermentation fridge' });
    await form.getByLabel('Temperature to keep (°C)').fill('17');
    await form.getByRole('button', { name: 'Create fermentation fridge' }).click();

    await expect(page.getByRole('heading', { name: `Made on ${serviceId}` })).toBeFocused();
    await expect(page.getByRole('list', { name: 'Blocks made' }).getByRole('listitem')).toHaveText(FERMENT_BLOCKS);
    await expect(page.getByRole('list', { name: 'Quick actions made' }).getByRole('listitem')).toHaveText([
      'Ferment: Fridge mode 17 °C',
      'Ferment: Beer mode 17 °C',
      'Ferment: Cold crash 2 °C',
      'Ferment: All off',
    ]);
    await expect(page.getByRole('link', { name: 'Open the dashboard Ferment' })).toHaveAttribute(
      'href',
      /^\/dashboards\/dashboard-Ferment-/,
    );
    await expect(seriousAxeViolations(page, 'quick start report')).resolves.toEqual([]);
    await screenshot(page.getByRole('region', { name: `Made on ${serviceId}` }), 'quick-start-made');
    expect([await documentCount('svc-ui-store:dashboards'), await documentCount('svc-ui-store:quick-actions')]).toEqual(
      [1, 4],
    );

    const beerPid = await readBlock('Ferment beer PID');
    expect([linked(beerPid, 'inputId'), linked(beerPid, 'outputId'), beerPid['enabled']]).toEqual([
      'Ferment beer setpoint',
      'Ferment beer offset',
      true,
    ]);
    const offset = await readBlock('Ferment beer offset');
    expect([linked(offset, 'targetId'), linked(offset, 'referenceId')]).toEqual([
      'Ferment fridge setpoint',
      'Ferment beer setpoint',
    ]);
    const cooler = await readBlock('Ferment cooler');
    expect([
      linked(cooler, 'hwDevice'),
      cooler['channel'],
      linked(await readBlock('Ferment cool PWM'), 'actuatorId'),
    ]).toEqual(['OnboardPins', 2, 'Ferment cooler']);
  });

  test('opens the new dashboard from the report, a widget for each block of the chain', async () => {
    await page.getByRole('link', { name: 'Open the dashboard Ferment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ferment' })).toBeVisible();
    for (const id of FERMENT_BLOCKS) await expect(page.getByRole('region', { name: id, exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Quick actions', exact: true })).toBeVisible();
  });

  test("shows the chain on the blocks page, each PID's links to its setpoint and actuator", async () => {
    await page.goto(`${stack.url}/controllers/${serviceId}`);
    await page.getByLabel('Search blocks').fill('Ferment');
    await expect(page.getByText(/^10 of \d+ blocks$/)).toBeVisible();
    const heatPid = blockCard(page, 'Ferment heat PID');
    await expect(
      fieldValue(heatPid, 'Input setpoint').getByRole('link', { name: 'Ferment fridge setpoint' }),
    ).toBeVisible();
    await expect(fieldValue(heatPid, 'Output actuator').getByRole('link', { name: 'Ferment heat PWM' })).toBeVisible();
    await expect(
      fieldValue(blockCard(page, 'Ferment beer setpoint'), 'Sensor').getByRole('link', { name: 'TempSensorOneWire-2' }),
    ).toBeVisible();
  });

  test('keeps the beer at its setpoint: the simulated beer cools from the room to within 0.5 °C of it', async () => {
    test.setTimeout(90_000);
    const beerValue = async () => {
      const data = await readBlock('Ferment beer setpoint');
      return (data['value'] as { value: number | null }).value;
    };
    await expect
      .poll(async () => Math.abs(((await beerValue()) ?? Infinity) - 17), {
        message: 'the beer reaches 17 °C ± 0.5 °C',
        timeout: 75_000,
        intervals: [1_000],
      })
      .toBeLessThanOrEqual(0.5);
  });

  test('writes nothing when a name of the setup is taken on the controller, and says which', async () => {
    // A spare sensor plugged in, so that a second setup has one to use.
    const { response } = await controller.POST('/blocks/create', {
      body: { id: 'Spare sensor', serviceId, type: 'TempSensorMock', data: {} },
    });
    expect(response.status).toBe(201);
    const blocksBefore = (await controller.POST('/blocks/all/read')).data?.length;

    await page.goto(`${stack.url}/controllers`);
    await page.getByRole('link', { name: `Quick start on ${serviceId}` }).click();
    await expect(page.getByText(`Free on ${serviceId}: 1 temperature sensor, 4 pins.`)).toBeVisible();
    await page.getByRole('radio', { name: 'Single temperature control' }).check();
    const form = page.getByRole('form', { name: 'Single temperature control' });
    await form.getByLabel('Name').fill('Ferment');
    await form.getByRole('button', { name: 'Create temperature control' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was created' })).toHaveText(
      `Nothing was madeNothing was created: ${serviceId} already has blocks named Ferment heater. Choose another name.`,
    );
    expect((await controller.POST('/blocks/all/read')).data?.length).toBe(blocksBefore);
    expect([await documentCount('svc-ui-store:dashboards'), await documentCount('svc-ui-store:quick-actions')]).toEqual(
      [1, 4],
    );
    await expect(seriousAxeViolations(page, 'quick start name clash')).resolves.toEqual([]);
  });

  test('fits a phone 390 px wide', async ({ phone }) => {
    await phone.goto(`${stack.url}/controllers/${serviceId}/quick-start`);
    await expect(phone.getByRole('form', { name: 'Fermentation fridge' })).toBeVisible();
    await expect(phone.getByText(`Free on ${serviceId}: 1 temperature sensor, 4 pins.`)).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'quick start at 390 px')).resolves.toEqual([]);
    await screenshot(phone, 'quick-start-phone');
  });
});
