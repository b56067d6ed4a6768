import { Locator, Page } from '@playwright/test';
import { blockCard, fieldValue } from './harness/block-cards';
import { createBlocks } from './harness/blocks-api';
import { closeVisitors, newVisitor, PHONE } from './harness/browser';
import { focusArrivesIn, tabTo } from './harness/keyboard';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { waitForLaterStateEvent } from './harness/state-events';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

/** A mock sensor with one fluctuation, made through the controller's API. */
const SENSOR = {
  id: 'Wobbly sensor',
  type: 'TempSensorMock',
  data: { connected: true, setting: 20, fluctuations: [{ amplitude: 0.5, period: 600 }] },
};

/** The items of a list on a card, each as its fields' values read: `0.50 Δ°C, 600.0 s`. */
async function shownItems(card: Locator, field: string): Promise<string[]> {
  const items = await fieldValue(card, field).getByRole('listitem').all();
  return Promise.all(items.map(async (item) => (await item.locator('dd').allTextContents()).join(', ')));
}

/** Waits until the card shows `expected` as the items of `field`; a failure says what it showed last. */
async function waitForItems(card: Locator, field: string, expected: string[]): Promise<void> {
  await expect
    .poll(() => shownItems(card, field), { message: `${field} to read ${expected.join(' | ')}` })
    .toEqual(expected);
}

/** A number input of a form, by its name: the list and the item it is in, its label. */
const numberInput = (scope: Locator, name: string): Locator => scope.getByRole('spinbutton', { name, exact: true });

test.describe("a user editing a block's list in its form", () => {
  test.describe.configure({ mode: 'serial' });
  let stack: WebStack;
  let page: Page;
  let serviceId: string;

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    serviceId = stack.controller.env.SERVICE_ID;
    await createBlocks(stack.controller.client, serviceId, [SENSOR]);
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  const sensorCard = () => blockCard(page, SENSOR.id);
  const form = () => page.getByRole('form', { name: `Edit ${SENSOR.id}` });

  test('adds a fluctuation, which the card shows at the next event', async () => {
    await page.goto(`${stack.url}/controllers/${serviceId}`);
    await waitForItems(sensorCard(), 'Fluctuations', ['0.50 Δ°C, 600.0 s']);
    await sensorCard()
      .getByRole('button', { name: `Edit ${SENSOR.id}` })
      .click();
    const list = form().getByRole('group', { name: 'Fluctuations', exact: true });
    await expect(numberInput(list, 'Fluctuations item 1 Period (s)')).toHaveValue('600');

    await list.getByRole('button', { name: 'Add Fluctuations item' }).click();
    await expect(numberInput(list, 'Fluctuations item 2 Amplitude (Δ°C)')).toHaveValue('0');
    await numberInput(list, 'Fluctuations item 2 Amplitude (Δ°C)').fill('1.5');
    await numberInput(list, 'Fluctuations item 2 Period (s)').fill('120');
    await expect(seriousAxeViolations(page, 'block form with a list')).resolves.toEqual([]);
    await form().getByRole('button', { name: 'Save' }).click();
    await expect(form().getByText('Saved.')).toBeVisible();
    await waitForItems(sensorCard(), 'Fluctuations', ['0.50 Δ°C, 600.0 s', '1.50 Δ°C, 120.0 s']);
  });

  test('removes a fluctuation, which goes from the card', async () => {
    await form().getByRole('button', { name: 'Remove Fluctuations item 1' }).click();
    await expect(numberInput(form(), 'Fluctuations item 1 Period (s)')).toHaveValue('120');
    await expect(numberInput(form(), 'Fluctuations item 2 Period (s)')).toHaveCount(0);
    await expect(form().getByRole('button', { name: 'Add Fluctuations item' })).toBeFocused();
    await form().getByRole('button', { name: 'Save' }).click();
    await waitForItems(sensorCard(), 'Fluctuations', ['1.50 Δ°C, 120.0 s']);
    await expect(form().getByText('Saved.')).toBeVisible();
  });

  test("shows the service's message in the form's words beside the period it refuses, and the list stays as it was", async () => {
    await form().getByRole('button', { name: 'Add Fluctuations item' }).click();
    const period = numberInput(form(), 'Fluctuations item 2 Period (s)');
    await period.fill('-5');
    await form().getByRole('button', { name: 'Save' }).click();
    const problem = form().getByText('Period must be at least 0 s', { exact: true });
    await expect(problem).toBeVisible();
    await expect(period.getAttribute('aria-describedby')).resolves.toContain(await problem.getAttribute('id'));
    await expect(period).toHaveAttribute('aria-invalid', 'true');
    await screenshot(sensorCard(), 'block-list');
    await expect(numberInput(form(), 'Fluctuations item 1 Period (s)')).not.toHaveAttribute('aria-invalid');

    // Whatever a state event after the refusal says of the list is what the controller holds.
    await waitForLaterStateEvent(page);
    await expect(shownItems(sensorCard(), 'Fluctuations')).resolves.toEqual(['1.50 Δ°C, 120.0 s']);
    await expect(seriousAxeViolations(page, 'block form with a problem in a list')).resolves.toEqual([]);
  });

  test('reaches every part of the list by keyboard on a 390 px wide screen', async ({ phone }) => {
    await phone.goto(`${stack.url}/controllers/${serviceId}`);
    const card = blockCard(phone, SENSOR.id);
    await card.getByRole('button', { name: `Edit ${SENSOR.id}` }).click();
    const phoneForm = phone.getByRole('form', { name: `Edit ${SENSOR.id}` });
    await focusArrivesIn(phoneForm);
    await tabTo(phone, phoneForm.getByRole('button', { name: 'Add Fluctuations item' }));
    await phone.keyboard.press('Enter');
    await focusArrivesIn(numberInput(phoneForm, 'Fluctuations item 2 Amplitude (Δ°C)'));
    await phone.keyboard.press('Tab');
    await expect(numberInput(phoneForm, 'Fluctuations item 2 Period (s)')).toBeFocused();
    await phone.keyboard.press('Tab');
    await expect(phoneForm.getByRole('button', { name: 'Remove Fluctuations item 2' })).toBeFocused();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'block form with a list, phone')).resolves.toEqual([]);
  });
});
