import { Locator, Page } from '@playwright/test';

/** A block's card on a controller's page. */
export const blockCard = (page: Page, id: string): Locator =>
  page.getByRole('list', { name: 'Blocks' }).getByRole('listitem', { name: id, exact: true });

/** The name of `field` on a card, which may carry the read-only mark. */
export const fieldName = (card: Locator, field: string): Locator =>
  card.locator('dt', { hasText: new RegExp(`^${field}( read-only)?$`) });

/** The value beside `field` on a card. */
export const fieldValue = (card: Locator, field: string): Locator =>
  fieldName(card, field).locator('xpath=following-sibling::dd[1]');

/**
 * The words of the cards' values that the page breaks across two lines, as `<block>: <word>`: a
 * word is cut where its text's line boxes lie on two lines. A break after a hyphen is a word's
 * own break, not a cut.
 */
export function wordsCutAcrossLines(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Blocks' }).evaluate((list) => {
    const cut: string[] = [];
    for (const value of list.querySelectorAll('dd')) {
      const block = value.closest('li[aria-labelledby]')?.querySelector('h2')?.textContent;
      const walker = document.createTreeWalker(value, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        // A value inside this one is read as its own.
        if (text.parentElement?.closest('dd') !== value) continue;
        for (const word of (text.textContent ?? '').matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map(({ top }) => Math.round(top)));
          if (lines.size > 1) cut.push(`${block}: ${word[0]}`);
        }
      }
    }
    return cut;
  });
}
