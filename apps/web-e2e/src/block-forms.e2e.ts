import { Locator, Page } from '@playwright/test';
import { blockCard, fieldValue } from './harness/block-cards';
import { closeVisitors, newVisitor } from './harness/browser';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

test.describe("a brewer making blocks through the forms, in a brewer's words", () => {
  test.describe.configure({ mode: 'serial' });
  let stack: WebStack;
  let page: Page;
  let serviceId: string;

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    serviceId = stack.controller.env.SERVICE_ID;
    page = await newVisitor(browser);
    await page.goto(`${stack.url}/controllers/${serviceId}`);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  /** Creates a block of `type` under `id` through the New block panel, and waits for its card. */
  async function createThroughPanel(id: string, type: string): Promise<Locator> {
    const panel = page.locator('details', { has: page.getByText('New block', { exact: true }) });
    const form = panel.getByRole('form', { name: 'New block' });
    if (!(await form.isVisible())) await panel.getByText('New block', { exact: true }).click();
    await form.getByLabel('Block name').fill(id);
    await form.getByLabel('Block type').selectOption(type);
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form.getByText(`Created ${id}.`)).toBeVisible();
    const card = blockCard(page, id);
    await expect(card).toBeVisible();
    return card;
  }

  /** Opens the form of the block `id` from its card. */
  async function openForm(id: string): Promise<Locator> {
    await blockCard(page, id)
      .getByRole('button', { name: `Edit ${id}` })
      .click();
    return page.getByRole('form', { name: `Edit ${id}` });
  }

  test('starts a new PWM with a period of 4 s and its duties in %, and warns beside a period of 0 s', async () => {
    const card = await createThroughPanel('Heater PWM', 'ActuatorPwm');
    await expect(fieldValue(card, 'Period')).toHaveText('4.0 s');
    await expect(fieldValue(card, 'Maximum duty')).toHaveText('100.0 %');

    const form = await openForm('Heater PWM');
    const period = form.getByRole('spinbutton', { name: 'Period (s)', exact: true });
    await expect(period).toHaveValue('4');
    await expect(form.getByRole('spinbutton', { name: 'Duty (%)', exact: true })).toHaveCount(1);
    const warning = form.getByText(/^Warning: A period under 1 s keeps the actuator on/);
    await expect(warning).toHaveCount(0);

    await period.fill('0');
    await expect(warning).toBeVisible();
    await expect(period.getAttribute('aria-describedby')).resolves.toContain(await warning.getAttribute('id'));
    await expect(seriousAxeViolations(page, 'block form with a warning')).resolves.toEqual([]);
    await screenshot(card, 'block-warning');
    await period.fill('2');
    await expect(warning).toHaveCount(0);
    await form.getByRole('button', { name: 'Close' }).click();
  });

  test('starts a new setpoint pair enabled at 20 °C, its filter named in words', async () => {
    const card = await createThroughPanel('Beer setpoint', 'SetpointSensorPair');
    await expect(fieldValue(card, 'Enabled')).toHaveText('yes');
    await expect(fieldValue(card, 'Setpoint')).toHaveText('20.00 °C');
    await expect(fieldValue(card, 'Filter')).toHaveText('No filter');

    const form = await openForm('Beer setpoint');
    await expect(form.getByLabel('Setpoint (°C)')).toHaveValue('20');
    const filter = form.getByRole('combobox', { name: 'Filter', exact: true });
    await expect(filter.locator('option:checked')).toHaveText('No filter');
    await expect(filter.locator('option').allTextContents()).resolves.toContain('30 minutes');
    await expect(form.getByText('Smooths the reading over a time, against noise.')).toHaveCount(1);
    await form.getByRole('button', { name: 'Close' }).click();
  });

  test("resets a PID's integral with a button, and words a refused setting as the form does", async () => {
    await createThroughPanel('Heater PID', 'Pid');
    const form = await openForm('Heater PID');
    await expect(form.getByLabel('Proportional gain (1 / °C)')).toHaveValue('20');
    await expect(form.getByRole('spinbutton', { name: /integralReset/ })).toHaveCount(0);

    await form.getByRole('button', { name: 'Reset integral' }).click();
    await expect(form.getByText('Asked: Sets the integral to 0 when you save.')).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Saved.')).toBeVisible();

    const integralTime = form.getByLabel('Integral time (s)');
    await integralTime.fill('-5');
    await form.getByRole('button', { name: 'Save' }).click();
    const problem = form.getByText('Integral time must be at least 0 s', { exact: true });
    await expect(problem).toBeVisible();
    await expect(integralTime.getAttribute('aria-describedby')).resolves.toContain(await problem.getAttribute('id'));
    await expect(fieldValue(blockCard(page, 'Heater PID'), 'Integral time')).toHaveText('7200.0 s');
    await expect(seriousAxeViolations(page, 'block form with a worded problem')).resolves.toEqual([]);
  });
});
