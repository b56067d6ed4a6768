import { Locator, Page } from '@playwright/test';

/** A quick action's card on the Controllers page, found by its name. */
export const quickActionCard = (page: Page, name: string): Locator =>
  page
    .getByRole('list', { name: 'Quick actions' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { level: 3, name, exact: true }),
    });

/** The line of a quick action's card that says whether it holds: `Active`, `Not active: ...`, `Unknown: ...`. */
export const actionStateLine = (card: Locator): Locator => card.locator('p.action-state');

/**
 * Adds one change in the open quick action form: picks the controller, the block and the field (by
 * its label, as the block's form names it), types or picks the value in the field's input
 * (labelled as in the block's form) and adds it.
 */
export async function addChange(
  page: Page,
  change: { serviceId: string; blockId: string; field: string; input: string; value: string | boolean },
): Promise<void> {
  const form = page.getByRole('group', { name: 'Add a change' });
  await form.getByLabel('Controller', { exact: true }).selectOption(change.serviceId);
  await form.getByLabel('Block', { exact: true }).selectOption(change.blockId);
  await form.getByLabel('Field', { exact: true }).selectOption({ label: change.field });
  const input = form.getByLabel(change.input, { exact: true });
  if (typeof change.value === 'boolean') await input.setChecked(change.value);
  else if ((await input.evaluate((element) => element.tagName)) === 'SELECT') await input.selectOption(change.value);
  else await input.fill(change.value);
  await form.getByRole('button', { name: 'Add change' }).click();
}
