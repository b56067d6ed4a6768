import { Locator, Page } from '@playwright/test';
import { ServiceUnderTest } from '@eventcast/testing';
import { createBlocks } from './harness/blocks-api';
import { blockCard } from './harness/block-cards';
import { blockWidgetOf, createHeatedFridge, dashboardWidget, saveDashboard, widgetFact } from './harness/block-widgets';
import { closeVisitors, newVisitor, PHONE } from './harness/browser';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

const DASHBOARD = 'dashboard-brew-day-e2e';

test.describe('a brewer who watches and sets blocks from a dashboard', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: WebStack;
  let cellar: ServiceUnderTest<'controller'>;
  let page: Page;
  let fermenter: string;

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    fermenter = stack.controller.env.SERVICE_ID;
    cellar = await stack.startController('cellar');
    await createHeatedFridge(stack.controller.client, fermenter);
    await createBlocks(cellar.client, 'cellar', [
      { id: 'Cellar sensor', type: 'TempSensorMock', data: { connected: true, setting: 12.5 } },
    ]);
    await saveDashboard(stack, DASHBOARD, 'Brew day', [
      blockWidgetOf(fermenter, 'Fridge setpoint', { x: 0, y: 0, w: 4, h: 4 }),
      blockWidgetOf(fermenter, 'Heater PID', { x: 4, y: 0, w: 4, h: 6 }),
      {
        id: 'fermenter-status',
        title: 'Fermenter controller',
        place: { x: 8, y: 0, w: 4, h: 3 },
        config: { kind: 'controller-status', serviceId: fermenter },
      },
      blockWidgetOf(fermenter, 'Heater PWM', { x: 0, y: 4, w: 4, h: 4 }),
      blockWidgetOf(fermenter, 'Heater', { x: 8, y: 3, w: 4, h: 2 }),
      blockWidgetOf(fermenter, 'Pump', { x: 8, y: 5, w: 4, h: 2 }),
      blockWidgetOf('cellar', 'Cellar sensor', { x: 4, y: 6, w: 4, h: 2 }),
      blockWidgetOf(fermenter, 'Fan PWM', { x: 0, y: 8, w: 4, h: 4 }),
      {
        id: 'cellar-status',
        title: 'Cellar controller',
        place: { x: 8, y: 7, w: 4, h: 3 },
        config: { kind: 'controller-status', serviceId: 'cellar' },
      },
    ]);
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
    await cellar?.stop();
  });

  test("shows a setpoint's temperature against its setpoint, live, and each controller's status", async () => {
    await page.goto(`${stack.url}/dashboards/${DASHBOARD}`);
    const setpoint = dashboardWidget(page, 'Fridge setpoint');
    await expect(widgetFact(setpoint, 'Temperature')).toHaveText('18.00 °C');
    await expect(widgetFact(setpoint, 'Setpoint in effect')).toHaveText('19.00 °C');
    await expect(setpoint.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(setpoint.getByRole('link', { name: 'Open form' })).toHaveAttribute(
      'href',
      `/controllers/${fermenter}#block-Fridge_setpoint`,
    );

    await stack.controller.client.POST('/blocks/patch', {
      body: { id: 'Fridge sensor', serviceId: fermenter, type: 'TempSensorMock', data: { setting: 18.5 } },
    });
    await expect(widgetFact(setpoint, 'Temperature')).toHaveText('18.50 °C');

    const status = dashboardWidget(page, 'Fermenter controller');
    await expect(widgetFact(status, 'Status')).toHaveText('Online');
    await expect(widgetFact(status, 'Device')).not.toHaveText('—');
    await expect(widgetFact(status, 'Temperatures in')).toHaveText('°C');
    const cellarSensor = dashboardWidget(page, 'Cellar sensor');
    await expect(widgetFact(cellarSensor, 'Temperature')).toHaveText('12.50 °C');
    await expect(cellarSensor.getByText('Connected', { exact: true })).toHaveCSS(
      'color',
      await setpoint.getByText('Enabled', { exact: true }).evaluate((element) => getComputedStyle(element).color),
    );
    await expect(seriousAxeViolations(page, 'block widgets')).resolves.toEqual([]);
  });

  test("moves the PID's output at the following state events when the setpoint is changed in its widget", async () => {
    const pid = dashboardWidget(page, 'Heater PID');
    const output = pid.getByRole('meter', { name: 'Output setting' });
    const percent = () => output.getAttribute('aria-valuenow').then(Number);
    await expect.poll(percent, { message: 'the PID to act on an error of 0.5 °C' }).toBeGreaterThan(0);
    expect(await percent()).toBeLessThan(40);
    await expect(output).toHaveAttribute('aria-valuetext', /^\d+\.\d %$/);

    const setpoint = dashboardWidget(page, 'Fridge setpoint');
    const input = setpoint.getByLabel('Setpoint (°C)');
    await expect(input).toHaveValue('19');
    await input.fill('21.5');
    await input.press('Enter');
    await expect(setpoint.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(widgetFact(setpoint, 'Setpoint in effect')).toHaveText('21.50 °C');
    await expect(widgetFact(pid, 'Error')).toHaveText('3.00 Δ°C');
    await expect.poll(percent, { message: 'the PID output to follow an error of 3 °C' }).toBeGreaterThanOrEqual(60);
    await expect(dashboardWidget(page, 'Heater PWM').getByRole('meter', { name: 'Duty achieved' })).toBeVisible();
  });

  test("sets a PWM's duty that nothing drives, refusing one out of range in the form's words; a driven PWM offers none", async () => {
    const fan = dashboardWidget(page, 'Fan PWM');
    const input = fan.getByLabel('Duty (%)');
    await expect(input).toHaveValue('20');
    await input.fill('150');
    await input.press('Enter');
    await expect(fan.getByText('Duty must be at most 100 %')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await input.fill('30');
    await expect(fan.getByText('Not set yet: Enter sets it, Escape undoes it')).toBeVisible();
    await input.press('Escape');
    await expect(input).toHaveValue('20');
    await input.fill('40');
    await fan.getByRole('button', { name: 'Set' }).click();
    await expect(widgetFact(fan, 'Duty in effect')).toHaveText('40.0 %');
    await expect(input).not.toHaveAttribute('aria-invalid');

    const heater = dashboardWidget(page, 'Heater PWM');
    await expect(heater.getByText('Driven by Heater PID')).toBeVisible();
    await expect(heater.getByRole('textbox')).toHaveCount(0);
    await expect(heater.getByRole('spinbutton')).toHaveCount(0);
  });

  test('switches an actuator that nothing drives, and names the PWM that drives the heater instead of a switch', async () => {
    const pump = dashboardWidget(page, 'Pump');
    const toggle = pump.getByRole('switch', { name: 'On' });
    await expect(widgetFact(pump, 'State')).toHaveText('Off');
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(widgetFact(pump, 'State')).toHaveText('On');
    await expect(toggle).toBeChecked();

    const heater = dashboardWidget(page, 'Heater');
    await expect(widgetFact(heater, 'State')).toHaveText(/^(On|Off)$/);
    await expect(heater.getByText('Driven by Heater PWM')).toBeVisible();
    await expect(heater.getByRole('switch')).toHaveCount(0);
    await screenshot(page.locator('.dashboard-grid'), 'block-widgets');
  });

  test('greys the widgets of a controller that went offline, and says so, without a reload', async () => {
    await cellar.stop('SIGKILL');
    const sensor = dashboardWidget(page, 'Cellar sensor');
    await expect(sensor.getByText('Offline: values as last seen')).toBeVisible();
    // Greyed: its "Connected" no longer in the colour of a live widget's "Enabled".
    const colour = (mark: Locator) => mark.evaluate((element) => getComputedStyle(element).color);
    const live = await colour(dashboardWidget(page, 'Fridge setpoint').getByText('Enabled', { exact: true }));
    await expect.poll(() => colour(sensor.getByText('Connected', { exact: true }))).not.toBe(live);
    await expect(widgetFact(sensor, 'Temperature')).toHaveText('12.50 °C');
    await expect(widgetFact(dashboardWidget(page, 'Cellar controller'), 'Status')).toHaveText('Offline');
    await expect(dashboardWidget(page, 'Fridge setpoint').getByText(/^Offline/)).toHaveCount(0);
    await expect(seriousAxeViolations(page, 'block widgets, one controller offline')).resolves.toEqual([]);
  });

  test('adds a block widget by picking a controller online and a block by its name and type', async () => {
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
    await page.getByRole('button', { name: 'Add widget' }).click();
    const form = page.getByRole('form', { name: 'New widget' });
    await form.getByLabel('Kind').selectOption({ label: 'Block' });
    const controller = form.getByLabel('Controller', { exact: true });
    await expect(controller.getByRole('option')).toHaveText(['Choose a controller', fermenter]);
    await controller.selectOption(fermenter);
    await form
      .getByLabel('Block', { exact: true })
      .selectOption({ label: 'Fridge sensor (Simulated temperature sensor)' });
    await expect(form.getByLabel('Title')).toHaveValue('Fridge sensor');
    await expect(seriousAxeViolations(page, 'block widget editor')).resolves.toEqual([]);
    await form.getByRole('button', { name: 'Save widget' }).click();

    await expect(widgetFact(dashboardWidget(page, 'Fridge sensor'), 'Temperature')).toHaveText('18.50 °C');
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
  });

  test("opens the block's card on its controller's page, scrolled to it, from Open form", async ({ openVisitor }) => {
    // A short window, so that the card is below the fold unless the page scrolls to it.
    const short = await openVisitor({ width: 1280, height: 400 });
    await short.goto(`${stack.url}/dashboards/${DASHBOARD}`);
    await dashboardWidget(short, 'Heater PID').getByRole('link', { name: 'Open form' }).click();
    await expect(short.getByRole('heading', { level: 1, name: `Blocks of ${fermenter}` })).toBeVisible();
    await expect(blockCard(short, 'Heater PID')).toBeInViewport();
    await short.context().close();
  });

  test('fits a 390 px wide screen, its controls in reach', async ({ phone }) => {
    await phone.goto(`${stack.url}/dashboards/${DASHBOARD}`);
    const setpoint = dashboardWidget(phone, 'Fridge setpoint');
    await expect(widgetFact(setpoint, 'Setpoint in effect')).toHaveText('21.50 °C');
    await expect(setpoint.getByLabel('Setpoint (°C)')).toBeInViewport();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'block widgets at 390 px')).resolves.toEqual([]);
    await screenshot(phone.locator('.dashboard-grid'), 'block-widgets-phone');
  });
});
