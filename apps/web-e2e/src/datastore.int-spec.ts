import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Browser, Page } from 'playwright-core';
import { TOO_DEEP_PROBLEM } from '@eventcast/domain';
import { launchChromium, newVisitor, PHONE } from './harness/browser';
import { datastorePage } from './harness/datastore-page';
import { describeOnEachDatastore } from './harness/each-datastore';
import { tabTo } from './harness/keyboard';
import { seriousAxeViolations } from './harness/page-checks';
import { WebStack } from './harness/web-stack';

// The namespaces are the run's own (`web-e2e-<run>`): the page hears the datastore's changes on the
// shared broker, where other runs announce theirs.
describeOnEachDatastore('a user of the datastore page', ({ store, screenshot }) => {
  const top = `web-e2e-${randomBytes(4).toString('hex')}`;
  const settings = `${top}:settings`;
  const seeded = [
    { namespace: top, id: 'layout', cols: 3 },
    { namespace: settings, id: 'fridge', setpoint: 19.5, unit: 'degC' },
    { namespace: settings, id: 'cellar', setpoint: 12, température: 'basse' },
  ];
  let stack: WebStack;
  let browser: Browser;
  let first: Page;
  let second: Page;

  const stored = async (namespace: string) =>
    (await stack.datastore.client.POST('/mget', { body: { namespace } })).data?.values;

  beforeAll(async () => {
    stack = await WebStack.start({ datastore: store });
    const { response } = await stack.datastore.client.POST('/mset', { body: { values: seeded } });
    expect(response.status).toBe(200);
    browser = await launchChromium();
    first = await (await newVisitor(browser)).newPage();
    second = await (await newVisitor(browser)).newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 60_000);

  it('shows the namespaces as a tree, and the documents of the one chosen', async () => {
    await first.goto(`${stack.url}/datastore`);
    const ui = datastorePage(first);
    await ui.live.waitFor();
    await ui.namespace(top, 1).waitFor();
    await ui
      .namespaceItem(top)
      .getByRole('button', { name: `${settings}, 2 documents` })
      .waitFor();

    await ui.namespace(settings, 2).click();
    await ui.document('fridge').waitFor();
    await expect(
      ui.documents.getByRole('list', { name: 'Documents' }).getByRole('button').allTextContents(),
    ).resolves.toEqual(['cellar', 'fridge']);
    await expect(ui.preview('cellar').textContent()).resolves.toBe('{"setpoint":12,"température":"basse"}');
    expect(new URL(first.url()).searchParams.get('namespace')).toBe(settings);
  }, 60_000);

  it("shows each page the other's changes live: created, edited and deleted", async () => {
    await second.goto(`${stack.url}/datastore?namespace=${encodeURIComponent(settings)}`);
    const mine = datastorePage(first);
    const theirs = datastorePage(second);
    await theirs.live.waitFor();
    await theirs.document('fridge').waitFor();

    await mine.documents.getByRole('button', { name: 'New document' }).click();
    await mine.editor.getByLabel('Id', { exact: true }).fill('kitchen');
    await mine.editor.getByLabel('Fields (JSON)').fill('{"setpoint": 21}');
    await mine.editor.getByRole('button', { name: 'Save' }).click();
    await mine.editor.getByText(`Saved ${settings}:kitchen.`).waitFor();
    await theirs.document('kitchen').waitFor();
    await theirs.namespace(settings, 3).waitFor();

    await theirs.document('fridge').click();
    await expect(theirs.editor.getByLabel('Fields (JSON)').inputValue()).resolves.toBe(
      '{\n  "setpoint": 19.5,\n  "unit": "degC"\n}',
    );
    await theirs.editor.getByLabel('Fields (JSON)').fill('{"setpoint": 18, "unit": "degC"}');
    await theirs.editor.getByRole('button', { name: 'Save' }).click();
    await mine.preview('fridge').filter({ hasText: '{"setpoint":18,"unit":"degC"}' }).waitFor();

    await theirs.editor.getByRole('button', { name: 'Delete' }).click();
    await second
      .getByRole('group', { name: `Delete ${settings}:fridge?` })
      .getByRole('button', { name: 'Delete fridge' })
      .click();
    await mine.document('fridge').waitFor({ state: 'detached' });
    await mine.namespace(settings, 2).waitFor();
    await expect(stored(settings)).resolves.toEqual([seeded[2], { namespace: settings, id: 'kitchen', setpoint: 21 }]);
  }, 60_000);

  it('refuses a bad id, text that is not JSON and a document over 1 MiB beside the field, and writes nothing', async () => {
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
    await ui.editor.getByText(TOO_DEEP_PROBLEM).waitFor();
    await expect(ui.problemBeside('Fields (JSON)')).resolves.toBe(TOO_DEEP_PROBLEM);

    await expect(stored(settings)).resolves.toHaveLength(2);
  }, 60_000);

  it('exports a namespace as one file and imports it back, all of it, after listing what it writes', async () => {
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
    await ui.document('kitchen').waitFor({ state: 'detached' });

    await first.getByText('Import', { exact: true }).click();
    await first.getByLabel('Import a namespace file').setInputFiles({
      name: 'settings.json',
      mimeType: 'application/json',
      buffer: exported,
    });
    const confirm = first.getByRole('group', { name: 'Import settings.json?' });
    await confirm.getByRole('list', { name: 'Adds 1 document' }).waitFor();
    await expect(
      confirm.getByRole('list', { name: 'Adds 1 document' }).getByRole('listitem').allTextContents(),
    ).resolves.toEqual(['kitchen']);
    await expect(
      confirm.getByRole('list', { name: 'Changes 1 document' }).getByRole('listitem').allTextContents(),
    ).resolves.toEqual(['cellar']);
    await expect(stored(settings)).resolves.toHaveLength(1);
    await expect(seriousAxeViolations(first, 'datastore, import listed')).resolves.toEqual([]);

    await confirm.getByRole('button', { name: 'Import settings.json' }).click();
    await first.getByText(`Imported settings.json: 2 documents written to ${settings}.`).waitFor();
    await ui.document('kitchen').waitFor();
    await expect(stored(settings)).resolves.toEqual(before);
  }, 60_000);

  it('refuses a file it cannot import whole, saying why, and writes nothing', async () => {
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
    await first
      .getByRole('alert')
      .filter({
        hasText: `Nothing can be imported from this file: document 2: elsewhere is in the namespace "${top}"`,
      })
      .waitFor();
    await expect(first.getByRole('group', { name: 'Import mixed.json?' }).count()).resolves.toBe(0);
    await expect(stored(settings)).resolves.toEqual(before);
  }, 30_000);

  it('opens a document by keyboard alone, passes axe-core, and fits 390 px wide', async () => {
    const phone = await (await newVisitor(browser, PHONE)).newPage();
    await phone.goto(`${stack.url}/datastore`);
    const ui = datastorePage(phone);
    await ui.live.waitFor();
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
    await desk.live.waitFor();
    await desk.document('cellar').click();
    await expect(seriousAxeViolations(first, 'datastore, editor open')).resolves.toEqual([]);
    await screenshot(first, 'datastore');
  }, 60_000);
});
