import { readFileSync } from 'node:fs';
import { Page } from '@playwright/test';
import { connectAsync, MqttClient } from 'mqtt';
import { blockTopic } from '@eventcast/domain';
import { createBlocks } from './harness/blocks-api';
import { closeVisitors, newVisitor, PHONE } from './harness/browser';
import { seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

const BLOCKS = [
  { id: 'Beer sensor', type: 'TempSensorMock', data: { connected: true, setting: 19 } },
  {
    id: 'Beer setpoint',
    type: 'SetpointSensorPair',
    data: { enabled: true, sensorId: 'Beer sensor', storedSetting: 18 },
  },
  { id: 'Fridge setpoint', type: 'SetpointSensorPair', data: { enabled: true, storedSetting: 10 } },
];

/** The box that opens under the graph when a mark is clicked. */
const box = (page: Page) => page.getByRole('dialog');

/** Opens the marks of the graph one after the other and answers everything their boxes say. */
async function everythingMarked(page: Page): Promise<string> {
  const marks = page.locator('.annotation-marker');
  const said: string[] = [];
  for (let index = 0; index < (await marks.count()); index++) {
    await marks.nth(index).click();
    said.push(await box(page).innerText());
    await box(page).getByRole('button', { name: 'Close' }).click();
  }
  return said.join('\n');
}

test.describe('a brewer asking the graph why a value changed', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: WebStack;
  let mqtt: MqttClient;
  let page: Page;
  let serviceId: string;
  let graphUrl: string;

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    serviceId = stack.controller.env.SERVICE_ID;
    await createBlocks(stack.controller.client, serviceId, BLOCKS);
    mqtt = await connectAsync(stack.brokerUrl);
    const view = new URLSearchParams({ f: `${serviceId}/Beer setpoint/setting[degC]`, range: '10m' });
    graphUrl = `${stack.url}/?${view}`;
    page = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
    await mqtt?.endAsync();
  });

  test("shows a patch through REST and one through MQTT on the patched block's graph, each from what to what and by whom", async () => {
    const patch = (storedSetting: number) => ({
      id: 'Beer setpoint',
      serviceId,
      type: 'SetpointSensorPair',
      data: { storedSetting },
    });
    const { response } = await stack.controller.client.POST('/blocks/patch', {
      body: patch(20),
      params: { header: { 'Eventcast-Origin': 'brewer Anna' } },
    });
    expect(response.status).toBe(200);
    await mqtt.publishAsync(blockTopic('patch'), JSON.stringify({ ...patch(4), origin: 'quick action Cold crash' }), {
      qos: 1,
    });
    await page.goto(graphUrl);
    await expect
      .poll(() => everythingMarked(page), { timeout: 30_000 })
      .toMatch(/Beer setpoint changed by brewer Anna[\s\S]*through the REST API[\s\S]*Setpoint: 18\.00 °C → 20\.00 °C/);
    const said = await everythingMarked(page);
    expect(said).toMatch(
      /Beer setpoint changed by quick action Cold crash[\s\S]*through MQTT[\s\S]*Setpoint: 20\.00 °C → 4\.00 °C/,
    );
    expect(said).not.toContain('Fridge setpoint');
    await expect(seriousAxeViolations(page, 'annotations')).resolves.toEqual([]);
  });

  test('shows a backup loaded as one annotation that counts what it changed', async () => {
    const { data: backup } = await stack.controller.client.POST('/blocks/backup/save');
    if (!backup) throw new Error('the controller saved no backup');
    const changed = {
      ...backup,
      blocks: backup.blocks.map((block) =>
        block.id === 'Beer setpoint' || block.id === 'Fridge setpoint'
          ? { ...block, data: { ...block.data, storedSetting: { __objtype: 'Quantity', unit: 'degC', value: 12 } } }
          : block,
      ),
    };
    const { response } = await stack.controller.client.POST('/blocks/backup/load', { body: changed });
    expect(response.status).toBe(200);
    await page.reload();
    await expect
      .poll(() => everythingMarked(page), { timeout: 30_000 })
      .toMatch(/Backup loaded on [\w-]+: 2 blocks[\s\S]*Beer setpoint · Setpoint: 4\.00 °C → 12\.00 °C/);
  });

  test('keeps a note added by a click on the graph, and a second visitor sees it without a reload', async ({
    visitor: second,
  }) => {
    await second.goto(graphUrl);
    await expect(second.getByRole('figure', { name: 'Graph' }).locator('canvas').first()).toBeVisible();
    await page.goto(graphUrl);
    const plot = page.locator('.u-over');
    const area = await plot.boundingBox();
    await plot.click({ position: { x: (area?.width ?? 200) - 20, y: (area?.height ?? 100) / 2 } });
    await page.getByLabel(/Note at /).fill('Pitched the yeast');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByRole('form', { name: 'Add a note' })).toBeHidden();
    await expect.poll(() => everythingMarked(second), { timeout: 30_000 }).toContain('Pitched the yeast');
  });

  test('exports a brew session as one HTML file that shows its graph and notes offline', async ({ browser }) => {
    await page.goto(graphUrl);
    await page.getByRole('link', { name: 'Brew session with these fields' }).click();
    await page.getByLabel('Name').fill('Brew 12: IPA');
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString().slice(0, 16);
    await page.getByLabel('Started (empty: now)').fill(hourAgo);
    await page.getByRole('button', { name: 'Start session' }).click();
    const session = page.getByRole('listitem').filter({ hasText: 'Brew 12: IPA' });
    await expect(session).toContainText('running');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      session.getByRole('button', { name: 'Export HTML' }).click(),
    ]);
    const path = await download.path();
    const offline = await browser.newContext({ offline: true });
    const report = await offline.newPage();
    await report.setContent(readFileSync(path, 'utf8'));
    await expect(report.getByRole('heading', { name: 'Brew 12: IPA' })).toBeVisible();
    await expect(report.getByRole('img', { name: /Graph of .*Beer setpoint/ })).toBeVisible();
    await expect(report.locator('polyline')).toHaveCount(1);
    await expect(report.getByText('Pitched the yeast')).toBeVisible();
    await expect(report.getByText(/Beer setpoint changed by brewer Anna/)).toBeVisible();
    await offline.close();
  });

  test('lists the brew log on a 390 px wide screen without sideways scrolling', async ({ phone }) => {
    await phone.goto(`${stack.url}/brews`);
    await expect(phone.getByRole('heading', { name: 'Brew 12: IPA' })).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'brew log at 390 px')).resolves.toEqual([]);
  });
});
