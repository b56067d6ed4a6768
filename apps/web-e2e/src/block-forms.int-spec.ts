import { Browser, Locator, Page } from 'playwright-core';
import { blockCard, fieldValue } from './harness/block-cards';
import { launchChromium, newVisitor } from './harness/browser';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';

describe("a brewer making blocks through the forms, in a brewer's words", () => {
  let stack: WebStack;
  let browser: Browser;
  let page: Page;
  let serviceId: string;

  beforeAll(async () => {
    stack = await WebStack.start();
    serviceId = stack.controller.env.SERVICE_ID;
    browser = await launchChromium();
    page = await (await newVisitor(browser)).newPage();
    await page.goto(`${stack.url}/controllers/${serviceId}`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 60_000);

  /** Creates a block of `type` under `id` through the New block panel, and waits for its card. */
  async function createThroughPanel(id: string, type: string): Promise<Locator> {
    const panel = page.locator('details', { has: page.getByText('New block', { exact: true }) });
    const form = panel.getByRole('form', { name: 'New block' });
    if (!(await form.isVisible())) await panel.getByText('New block', { exact: true }).click();
    await form.getByLabel('Block name').fill(id);
    await form.getByLabel('Block type').selectOption(type);
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText(`Created ${id}.`).waitFor();
    const card = blockCard(page, id);
    await card.waitFor();
    return card;
  }

  /** Opens the form of the block `id` from its card. */
  async function openForm(id: string): Promise<Locator> {
    await blockCard(page, id)
      .getByRole('button', { name: `Edit ${id}` })
      .click();
    return page.getByRole('form', { name: `Edit ${id}` });
  }

  it('starts a new PWM with a period of 4 s and its duties in %, and warns beside a period of 0 s', async () => {
    const card = await createThroughPanel('Heater PWM', 'ActuatorPwm');
    await expect(fieldValue(card, 'Period').textContent()).resolves.toBe('4.0 s');
    await expect(fieldValue(card, 'Maximum duty').textContent()).resolves.toBe('100.0 %');

    const form = await openForm('Heater PWM');
    const period = form.getByRole('spinbutton', { name: 'Period (s)', exact: true });
    await expect(period.inputValue()).resolves.toBe('4');
    await expect(form.getByRole('spinbutton', { name: 'Duty (%)', exact: true }).count()).resolves.toBe(1);
    const warning = form.getByText(/^Warning: A period under 1 s keeps the actuator on/);
    await expect(warning.count()).resolves.toBe(0);

    await period.fill('0');
    await warning.waitFor();
    await expect(period.getAttribute('aria-describedby')).resolves.toContain(await warning.getAttribute('id'));
    await expect(seriousAxeViolations(page, 'block form with a warning')).resolves.toEqual([]);
    await screenshot(card, 'block-warning');
    await period.fill('2');
    await warning.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Close' }).click();
  }, 60_000);

  it('starts a new setpoint pair enabled at 20 °C, its filter named in words', async () => {
    const card = await createThroughPanel('Beer setpoint', 'SetpointSensorPair');
    await expect(fieldValue(card, 'Enabled').textContent()).resolves.toBe('yes');
    await expect(fieldValue(card, 'Setpoint').textContent()).resolves.toBe('20.00 °C');
    await expect(fieldValue(card, 'Filter').textContent()).resolves.toBe('No filter');

    const form = await openForm('Beer setpoint');
    await expect(form.getByLabel('Setpoint (°C)').inputValue()).resolves.toBe('20');
    const filter = form.getByRole('combobox', { name: 'Filter', exact: true });
    await expect(filter.locator('option:checked').textContent()).resolves.toBe('No filter');
    await expect(filter.locator('option').allTextContents()).resolves.toContain('30 minutes');
    await expect(form.getByText('Smooths the reading over a time, against noise.').count()).resolves.toBe(1);
    await form.getByRole('button', { name: 'Close' }).click();
  }, 60_000);

  it("resets a PID's integral with a button, and words a refused setting as the form does", async () => {
    await createThroughPanel('Heater PID', 'Pid');
    const form = await openForm('Heater PID');
    await expect(form.getByLabel('Proportional gain (1 / °C)').inputValue()).resolves.toBe('20');
    await expect(form.getByRole('spinbutton', { name: /integralReset/ }).count()).resolves.toBe(0);

    await form.getByRole('button', { name: 'Reset integral' }).click();
    await form.getByText('Asked: Sets the integral to 0 when you save.').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved.').waitFor();

    const integralTime = form.getByLabel('Integral time (s)');
    await integralTime.fill('-5');
    await form.getByRole('button', { name: 'Save' }).click();
    const problem = form.getByText('Integral time must be at least 0 s', { exact: true });
    await problem.waitFor();
    await expect(integralTime.getAttribute('aria-describedby')).resolves.toContain(await problem.getAttribute('id'));
    await expect(fieldValue(blockCard(page, 'Heater PID'), 'Integral time').textContent()).resolves.toBe('7200.0 s');
    await expect(seriousAxeViolations(page, 'block form with a worded problem')).resolves.toEqual([]);
  }, 60_000);
});
