import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { Locator, Page } from '@playwright/test';
import { test } from './web-test';

/** Where the docs' pictures of the app are (docs/web.md). */
export const DOCS_SCREENSHOTS = resolve(__dirname, '../../../../docs/images/web');

/** Whether this run writes the docs' pictures: `npm run docs:screenshots` sets it, `npm test` never does. */
export function writesDocsScreenshots(): boolean {
  return process.env.EVENTCAST_DOCS_SCREENSHOTS === '1';
}

/** The axe-core violations of impact serious or critical on the page as it is now, one line each. */
export async function seriousAxeViolations(page: Page, state: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(
      ({ id, impact, help, nodes }) =>
        `${state}: ${id} (${impact}) ${help}: ${nodes.map((node) => node.target.join(' ')).join('; ')}`,
    );
}

/**
 * Writes what the window shows, or the part `target` names, to `docs/images/web/<name>.png`, for
 * docs/web.md: only in a run of `npm run docs:screenshots`, and only on the embedded stores, so
 * that the pictures do not change with the store a project ran on.
 */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  if (!writesDocsScreenshots() || test.info().project.name !== 'embedded') return;
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await target.screenshot({ path: resolve(DOCS_SCREENSHOTS, `${name}.png`), animations: 'disabled' });
}
