import { Locator, Page } from '@playwright/test';
import { expect } from './web-test';

/** Whether `target` has the keyboard focus. */
export function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/**
 * Waits until the focus is on `target` or inside it: where the page moves it after a render (a
 * form opening, an item added), which a keyboard user meets before pressing the next key.
 */
export async function focusArrivesIn(target: Locator): Promise<void> {
  await expect
    .poll(() => target.evaluate((element) => element.contains(document.activeElement)), {
      message: `the focus in ${String(target)}`,
    })
    .toBe(true);
}

/**
 * Presses Tab until `target` has the focus, as a keyboard user moves through the page, and gives
 * the number of presses; fails naming what had the focus when `target` was not reached within
 * `maxTabs` presses.
 */
export function tabTo(page: Page, target: Locator, maxTabs = 80): Promise<number> {
  return pressUntilFocused(page, target, 'Tab', maxTabs);
}

/**
 * Presses the down arrow until `target` has the focus: how the keyboard moves inside a tree,
 * which Tab enters and leaves as one stop (the WAI-ARIA tree pattern).
 */
export function arrowDownTo(page: Page, target: Locator, maxPresses = 80): Promise<number> {
  return pressUntilFocused(page, target, 'ArrowDown', maxPresses);
}

async function pressUntilFocused(page: Page, target: Locator, key: string, maxPresses: number): Promise<number> {
  await expect(target).toBeVisible({ timeout: 10_000 });
  for (let presses = 0; presses < maxPresses; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(key);
  }
  if (await isFocused(target)) return maxPresses;
  const focused = await page.evaluate(() => {
    const element = document.activeElement;
    return element
      ? `${element.tagName} "${element.getAttribute('aria-label') ?? element.textContent ?? ''}"`
      : 'nothing';
  });
  throw new Error(`${maxPresses} presses of ${key} did not reach ${String(target)}; the focus is on ${focused}`);
}
