import { Locator, Page } from 'playwright-core';

/** A block's card on a controller's page. */
export const blockCard = (page: Page, id: string): Locator =>
  page.getByRole('list', { name: 'Blocks' }).getByRole('listitem', { name: id, exact: true });

/** The name of `field` on a card, which may carry the read-only mark. */
export const fieldName = (card: Locator, field: string): Locator =>
  card.locator('dt', { hasText: new RegExp(`^${field}( read-only)?$`) });

/** The value beside `field` on a card. */
export const fieldValue = (card: Locator, field: string): Locator =>
  fieldName(card, field).locator('xpath=following-sibling::dd[1]');
