import { Page } from '@playwright/test';
import { blockCard, fieldValue } from './block-cards';
import { expect } from './web-test';

/**
 * Waits until the SystemInfo card's uptime has moved on by more than `seconds`: what the cards show
 * then comes from state events published after the call, so it is what the controller holds.
 */
export async function waitForLaterStateEvent(page: Page, seconds = 6): Promise<void> {
  const uptime = () =>
    fieldValue(blockCard(page, 'SystemInfo'), 'Uptime')
      .textContent()
      .then((text) => parseFloat(text ?? ''));
  const from = await uptime();
  await expect.poll(uptime, { message: 'a later state event', timeout: 20_000 }).toBeGreaterThan(from + seconds);
}
