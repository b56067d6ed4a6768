import { Page } from 'playwright-core';
import { waitFor } from '@eventcast/testing';
import { blockCard, fieldValue } from './block-cards';

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
  await waitFor('a later state event', async () => (await uptime()) > from + seconds, 20_000);
}
