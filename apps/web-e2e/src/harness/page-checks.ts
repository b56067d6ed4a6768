import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { Locator, Page } from 'playwright-core';

const SCREENSHOTS = resolve(__dirname, '../../../../docs/images/web');

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

/** Writes what the window shows, or the part `target` names, to `docs/images/web/<name>.png`, for docs/web.md. */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await target.screenshot({ path: resolve(SCREENSHOTS, `${name}.png`), animations: 'disabled' });
}
