import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Page } from '@playwright/test';
import { TOO_DEEP_PROBLEM } from '@eventcast/domain';
import { closeVisitors, newVisitor, PHONE } from './harness/browser';
import { datastorePage } from './harness/datastore-page';
import { tabTo } from './harness/keyboard';
import { screenshot, seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';
import { expect, test } from './harness/web-test';

// The namespaces are the run's own (`web-e2e-<run>`), found among whatever else the datastore holds.
test.describe('a user of the datastore page', () => {
  test.describe.configure({ mode: 'serial' });
  const top = `web-e2e-${randomBytes(4).toString('hex')}`;
  const settings = `${top}:settings`;
  const seeded = [
    { namespace: top, id: 'layout', cols: 3 },
    { namespace: settings, id: 'fridge', setpoint: 19.5, unit: 'degC' },
    { namespace: settings, id: 'cellar', setpoint: 12, température: 'basse' },
  ];
  let stack: WebStack;
  let first: Page;
  let second: Page;

  const stored = async (namespace: string) =>
    (await stack.datastore.client.POST('/mget', { body: { namespace } })).data?.values;

  test.beforeAll(async ({ browser, stack: projectStack }) => {
    stack = await projectStack.reset();
    const { response } = await stack.datastore.client.POST('/mset', { body: { values: seeded } });
    expect(response.status).toBe(200);
    first = await newVisitor(browser);
    second = await newVisitor(browser);
  });

  test.afterAll(async ({ browser }) => {
    await closeVisitors(browser);
  });

  test('shows the namespaces as a tree, and the documents of the one chosen', async () => {
    await first.goto(`${stack.url}/datastore`);
    const ui = datastorePage(first);
    await expect(ui.live).toBeVisible();
    await expect(ui.namespace(top, 1)).toBeVisible();
    await expect(ui.namespaceItem(top).getByRole('button', { name: `${settings}, 2 documents` })).toBeVisible();

    await ui.namespace(settings, 2).click();
    await expect(ui.document('fridge')).toBeVisible();
    await expect(ui.documents.getByRole('list', { name: 'Documents' }).getByRole('button')).toHaveText([
      'cellar',
      'fridge',
    ]);
    await expect(ui.preview('cellar')).toHaveText('{"setpoint":12,"température":"basse"}');
    expect(new URL(first.url()).searchParams.get('namespace')).toBe(settings);
  });

  test("shows each page the other's changes live: created, edited and deleted", async () => {
    await second.goto(`${stack.url}/datastore?namespace=${encodeURIComponent(settings)}`);
    const mine = datastorePage(first);
    const theirs = datastorePage(second);
    await expect(theirs.live).toBeVisible();
    await expect(theirs.document('fridge')).toBeVisible();

    await mine.documents.getByRole('button', { name: 'New document' }).click();
    await mine.editor.getByLabel('Id', { exact: true }).fill('kitchen');
    await mine.editor.getByLabel('Fields (JSON)').fill('{"setpoint": 21}');
    await mine.editor.getByRole('button', { name: 'Save' }).click();
    await expect(mine.editor.getByText(`Saved ${settings}:kitchen.`)).toBeVisible();
    await expect(theirs.document('kitchen')).toBeVisible();
    await expect(theirs.namespace(settings, 3)).toBeVisible();

    await theirs.document('fridge').click();
    await expect(theirs.editor.getByLabel('Fields (JSON)')).toHaveValue('{\n  "setpoint": 19.5,\n  "unit": "degC"\n}');
    await theirs.editor.getByLabel('Fields (JSON)').fill('{"setpoint": 18, "unit": "degC"}');
    await theirs.editor.getByRole('button', { name: 'Save' }).click();
    await expect(mine.preview('fridge').filter({ hasText: '{"setpoint":18,"unit":"degC"}' })).toBeVisible();

    await theirs.editor.getByRole('button', { name: 'Delete' }).click();
    await second
      .getByRole('group', { name: `Delete ${settings}:fridge?` })
      .getByRole('button', { name: 'Delete fridge' })
      .click();
    await expect(mine.document('fridge')).toHaveCount(0);
    await expect(mine.namespace(settings, 2)).toBeVisible();
    await expect(stored(settings)).resolves.toEqual([seeded[2], { namespace: settings, id: 'kitchen', setpoint: 21 }]);
  });

  test('refuses a bad id, text that is not JSON and a document over 1 MiB beside the field, and writes nothing', async () => {
    const ui = datastorePage(first);
    await ui.documents.getByRole('button', { name: 'New document' }).click();
    const save = ui.editor.getByRole('button', { name: 'Save' });

    await ui.editor.getByLabel('Id', { exact: true }).fill('my doc');
    await save.click();
    await expect(ui.problemBeside('Id')).resolves.toBe('Id must be letters, digits, _, -, . or ~, and not empty.');

    await ui.editor.getByLabel('Id', { exact: true }).fill('big');
    await ui.editor.getByLabel('Fields (JSON)').fill('{"v": }');
    await save.click();
    await expect(ui.problemBeside('Fields (JSON)')).resolves.toMatch(/^Not JSON: /);

    await ui.editor.getByLabel('Fields (JSON)').fill(JSON.stringify({ blob: 'x'.repeat(1024 * 1024) }));
    await save.click();
    await expect(ui.problemBeside('Fields (JSON)')).resolves.toMatch(
      /^The document is 1,048,6\d\d bytes as JSON; the datastore takes at most 1,048,576 \(1 MiB\)\.$/,
    );
    await expect(seriousAxeViolations(first, 'datastore, document refused')).resolves.toEqual([]);

    // Nested deeper than the services' JSON parser takes: only the datastore says so.
    const deep = `{"deep": ${'['.repeat(120)}${']'.repeat(120)}}`;
    await ui.editor.getByLabel('Fields (JSON)').fill(deep);
    await save.click();
    await expect(ui.editor.getByText(TOO_DEEP_PROBLEM)).toBeVisible();
    await expect(ui.problemBeside('Fields (JSON)')).resolves.toBe(TOO_DEEP_PROBLEM);

    await expect(stored(settings)).resolves.toHaveLength(2);
  });

  test('exports a namespace as one file and imports it back, all of it, after listing what it writes', async () => {
    const ui = datastorePage(first);
    await ui.editor.getByRole('button', { name: 'Close' }).click();
    const before = await stored(settings);
    const [download] = await Promise.all([
      first.waitForEvent('download'),
      ui.documents.getByRole('button', { name: `Export ${settings}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${top}_settings-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.json$`),
    );
    const exported = await readFile(`${await download.path()}`);
    expect(JSON.parse(exported.toString())).toMatchObject({ namespace: settings, documents: before });

    await stack.datastore.client.POST('/set', {
      body: { value: { namespace: settings, id: 'cellar', setpoint: 4 } },
    });
    await stack.datastore.client.POST('/delete', { body: { namespace: settings, id: 'kitchen' } });
    await expect(ui.document('kitchen')).toHaveCount(0);

    await first.getByText('Import', { exact: true }).click();
    await first.getByLabel('Import a namespace file').setInputFiles({
      name: 'settings.json',
      mimeType: 'application/json',
      buffer: exported,
    });
    const confirm = first.getByRole('group', { name: 'Import settings.json?' });
    await expect(confirm.getByRole('list', { name: 'Adds 1 document' })).toBeVisible();
    await expect(confirm.getByRole('list', { name: 'Adds 1 document' }).getByRole('listitem')).toHaveText(['kitchen']);
    await expect(confirm.getByRole('list', { name: 'Changes 1 document' }).getByRole('listitem')).toHaveText([
      'cellar',
    ]);
    await expect(stored(settings)).resolves.toHaveLength(1);
    await expect(seriousAxeViolations(first, 'datastore, import listed')).resolves.toEqual([]);

    await confirm.getByRole('button', { name: 'Import settings.json' }).click();
    await expect(first.getByText(`Imported settings.json: 2 documents written to ${settings}.`)).toBeVisible();
    await expect(ui.document('kitchen')).toBeVisible();
    await expect(stored(settings)).resolves.toEqual(before);
  });

  test('refuses a file it cannot import whole, saying why, and writes nothing', async () => {
    const before = await stored(settings);
    const file = {
      namespace: settings,
      documents: [
        { namespace: settings, id: 'ok' },
        { namespace: top, id: 'elsewhere' },
      ],
    };
    await first.getByLabel('Import a namespace file').setInputFiles({
      name: 'mixed.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await expect(
      first.getByRole('alert').filter({
        hasText: `Nothing can be imported from this file: document 2: elsewhere is in the namespace "${top}"`,
      }),
    ).toBeVisible();
    await expect(first.getByRole('group', { name: 'Import mixed.json?' })).toHaveCount(0);
    await expect(stored(settings)).resolves.toEqual(before);
  });

  test('opens a document by keyboard alone, passes axe-core, and fits 390 px wide', async ({ phone }) => {
    await phone.goto(`${stack.url}/datastore`);
    const ui = datastorePage(phone);
    await expect(ui.live).toBeVisible();
    await tabTo(phone, ui.namespace(settings));
    await phone.keyboard.press('Enter');
    await tabTo(phone, ui.document('cellar'));
    await phone.keyboard.press('Enter');
    await tabTo(phone, ui.editor.getByLabel('Fields (JSON)'));
    await expect(ui.editor.getByLabel('Fields (JSON)').inputValue()).resolves.toContain('"setpoint": 12');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(seriousAxeViolations(phone, 'datastore, phone')).resolves.toEqual([]);

    await first.reload();
    const desk = datastorePage(first);
    await expect(desk.live).toBeVisible();
    await desk.document('cellar').click();
    await expect(seriousAxeViolations(first, 'datastore, editor open')).resolves.toEqual([]);
    await screenshot(first, 'datastore');
  });
});
