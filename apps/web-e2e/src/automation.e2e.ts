import { Page } from '@playwright/test';
import { connectAsync, MqttClient } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { closeVisitors, newVisitor, PHONE } from './harness/browser';
import { focusArrivesIn, tabTo } from './harness/keyboard';
import { seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

/** The fermenter's beer temperature, as a controller publishes it. */
const KEY = 'fermenter';
const FIELD = `${KEY}/Beer sensor/value[degC]`;

/** Records each notification the page shows through the browser's Notification API, as the user would see it. */
function recordNotifications(): void {
  const shown: Array<{ title: string; body?: string }> = [];
  (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      shown.push({ title, body: options?.body });
    }
  } as typeof Notification;
}

test.describe('a brewer told when the beer gets too warm', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: WebStack;
  let bus: MqttClient;
  let page: Page;

  const publishBeer = (value: number) =>
    bus.publishAsync(
      historyTopic(KEY),
      JSON.stringify({ key: KEY, data: { 'Beer sensor': { 'value[degC]': value } } }),
      {
        qos: 1,
      },
    );
  const sidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    bus = await connectAsync(stack.brokerUrl);
    await publishBeer(20);
    await expect
      .poll(async () => (await stack.history.client.POST('/timeseries/fields', { body: {} })).data, {
        message: `the history service to store ${FIELD}`,
        timeout: 20_000,
      })
      .toContain(FIELD);
    page = await newVisitor(browser);
    await page.context().grantPermissions(['notifications'], { origin: stack.url });
    await page.addInitScript(recordNotifications);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
    await bus?.endAsync();
  });

  test('a rule without a field or a threshold is refused with its problems beside the inputs, nothing saved', async () => {
    await page.goto(`${stack.url}/alerts/rules`);
    await expect(page.getByText('No rule yet')).toBeVisible();
    await page.getByRole('button', { name: 'New rule' }).click();
    await expect(page.getByLabel('Title')).toBeFocused();
    await page.getByLabel('Title').fill('Beer too warm');
    await page.getByRole('button', { name: 'Add action' }).click();
    await page.getByLabel('Action 2: address').fill('not an address');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect(page.locator('#rule-trigger-field-problem')).toContainText("must be a history field's name");
    await expect(page.getByLabel('Threshold', { exact: true })).toHaveAccessibleDescription('must be a number');
    await expect(page.getByLabel('Action 2: address')).toHaveAccessibleDescription('must be an http or https address');
    expect(await seriousAxeViolations(page, 'the rule form with its problems')).toEqual([]);
    const { data } = await stack.automation.client.POST('/rules/list');
    expect(data?.values).toEqual([]);
  });

  test('makes a threshold rule on the field picked in the tree, with a preview of the last 24 h', async () => {
    await page.getByRole('button', { name: 'Remove action 2' }).click();
    await page.getByLabel('Search fields').fill('Beer sensor');
    await page.getByRole('treeitem', { name: FIELD }).click();
    await expect(page.getByText(`Field: ${FIELD}`)).toBeVisible();
    await page.getByLabel('Threshold (°C)').fill('22');
    await page.getByLabel('Hysteresis (Δ°C)').fill('0.5');
    await expect(page.getByLabel('Preview')).toHaveText('Preview: Would not have fired in the last 24 h.');
    await page.getByLabel('Threshold (°C)').fill('19');
    await expect(page.getByLabel('Preview')).toContainText('Would have fired once in the last 24 h:');
    await expect(page.getByLabel('Preview')).toContainText('(still firing)');
    await page.getByLabel('Threshold (°C)').fill('22');
    await page.getByRole('button', { name: 'Save rule' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Beer too warm' }) });
    await expect(card).toContainText(`Enabled: fires when ${FIELD} above 22.00 °C, clears 0.50 Δ°C back`);
    await expect(card).toContainText('In the web app, as a browser notification where allowed');
    await expect(page.getByRole('button', { name: 'New rule' })).toBeFocused();
  });

  test('sees the incident open live when the beer passes the threshold, and a browser notification', async () => {
    await page.getByRole('link', { name: 'Incidents' }).click();
    await expect(page.getByText('Live')).toBeVisible();
    await expect(page.getByText('No incident yet')).toBeVisible();
    await expect(page.getByText('This browser shows a notification')).toBeVisible();
    await publishBeer(23.5);
    const incident = page.getByRole('listitem', { name: 'Beer too warm: Open' });
    await expect(incident).toContainText('23.5');
    await expect(incident).toContainText('Open since');
    await expect(incident).toContainText('Not acknowledged');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications))
      .toEqual([expect.objectContaining({ title: 'Beer too warm' })]);
  });

  test('acknowledges it by keyboard at phone width, and sees it close when the beer cools', async () => {
    await page.setViewportSize(PHONE);
    await page.getByLabel('Acknowledge as').fill('Anna');
    const acknowledge = page.getByRole('button', { name: 'Acknowledge Beer too warm' });
    await tabTo(page, acknowledge);
    await page.keyboard.press('Enter');
    const incident = page.getByRole('listitem', { name: 'Beer too warm: Open, acknowledged' });
    await expect(incident).toContainText('Acknowledged by Anna');
    await expect(acknowledge).toHaveCount(0);
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page, 'the incidents at 390 px')).toEqual([]);
    await publishBeer(20);
    await expect(page.getByRole('listitem', { name: 'Beer too warm: Closed' })).toContainText('Acknowledged by Anna');
    const { data } = await stack.automation.client.POST('/incidents/list', { body: {} });
    expect(
      data?.values.map(({ acknowledgedBy, closedAt }) => ({ acknowledgedBy, closed: closedAt !== undefined })),
    ).toEqual([{ acknowledgedBy: 'Anna', closed: true }]);
  });

  test('edits the rule at phone width by keyboard, then deletes it after asking', async () => {
    await page.goto(`${stack.url}/alerts/rules`);
    const edit = page.getByRole('button', { name: 'Edit Beer too warm' });
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Edit Beer too warm' });
    await focusArrivesIn(form);
    await expect(page.getByLabel('Threshold (°C)')).toHaveValue('22');
    await page.getByLabel('Threshold (°C)').fill('24');
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page, 'the rule form at 390 px')).toEqual([]);
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'above 24.00 °C' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Beer too warm' }).click();
    await page.getByRole('button', { name: 'Keep it' }).click();
    await page.getByRole('button', { name: 'Delete Beer too warm' }).click();
    await page.getByRole('button', { name: 'Delete Beer too warm' }).click();
    await expect(page.getByText('No rule yet')).toBeVisible();
  });

  test('makes a schedule in a time zone that applies a quick action and starts a profile, told when it fires next', async () => {
    // A quick action and a profile the brewer saved earlier.
    await stack.automation.client.POST('/profiles/save', {
      body: {
        value: {
          namespace: 'svc-automation:profiles',
          id: 'profile-ale',
          title: 'Ale',
          serviceId: 'cellar',
          blockId: 'Beer setpoint',
          steps: [{ type: 'hold', setting: { value: 20, unit: 'degC' }, durationS: 86_400 }],
        },
      },
    });
    await stack.datastore.client.POST('/set', {
      body: {
        value: { namespace: 'svc-ui-store:quick-actions', id: 'action-cold-crash', name: 'Cold crash', patches: [] },
      },
    });
    await page.getByRole('button', { name: 'New rule' }).click();
    await page.getByLabel('Title').fill('Cold crash on Monday');
    await page.getByLabel('Fires when').selectOption({ label: 'On a schedule' });
    await expect(page.getByLabel('Preview')).toContainText('Give five fields, minute hour day month weekday');
    await page.getByLabel('Schedule (minute hour day month weekday)').fill('0 8 * * 1');
    await page.getByLabel('Time zone').fill('Europe/Amsterdam');
    await expect(page.getByLabel('Preview')).toContainText(
      /Fires next Mon \d+ \w+, 08:00, then Mon \d+ \w+, 08:00 and Mon \d+ \w+, 08:00 \(Europe\/Amsterdam\)\./,
    );
    await page.getByRole('button', { name: 'Remove action 1' }).click();
    await page.getByLabel('Kind of action').selectOption({ label: 'Apply a quick action' });
    await page.getByRole('button', { name: 'Add action' }).click();
    await expect(page.getByLabel('Action 1: quick action')).toHaveText('Cold crash');
    await page.getByLabel('Kind of action').selectOption({ label: 'Start or stop a profile' });
    await page.getByRole('button', { name: 'Add action' }).click();
    await expect(page.getByLabel('Action 2: profile')).toHaveText('Ale');
    await expect(page.getByLabel('Action 2: start or stop')).toHaveValue('start');
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page, 'a schedule rule at 390 px')).toEqual([]);
    await page.getByRole('button', { name: 'Save rule' }).click();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Cold crash on Monday' }) });
    await expect(card).toContainText('Enabled: fires when on the schedule 0 8 * * 1 (Europe/Amsterdam)');
    await expect(card).toContainText('Applies the quick action Cold crash');
    await expect(card).toContainText('Starts the profile Ale');
    const { data } = await stack.automation.client.POST('/rules/list');
    expect(data?.values.map(({ trigger, actions }) => ({ trigger, actions }))).toEqual([
      {
        trigger: { type: 'schedule', cron: '0 8 * * 1', timeZone: 'Europe/Amsterdam' },
        actions: [
          { type: 'quick-action', quickActionId: 'action-cold-crash' },
          { type: 'profile', profileId: 'profile-ale', run: 'start' },
        ],
      },
    ]);
  });
});
