import { questDbTargets } from '@eventcast/testing';
import { test } from './web-test';

/** The QuestDB version the graph journey runs on, one of those `npm test` starts. */
export const GRAPH_QUESTDB_VERSION = '9.3.2';

/**
 * Declares `suite` with the history service on QuestDB `GRAPH_QUESTDB_VERSION` (from
 * `QUESTDB_URLS`, as `npm run questdb -- run` sets it) or on the server `QUESTDB_URL` names. Without
 * one it declares a test that says so: skipped on a developer's machine, failed in CI (as
 * `describeMissingQuestDb` does for the Jest suites).
 */
export function describeOnGraphQuestDb(what: string, suite: (questDbUrl: string) => void): void {
  const target = questDbTargets().find(
    ({ label }) => label === `QuestDB ${GRAPH_QUESTDB_VERSION}` || label.startsWith('QuestDB at '),
  );
  if (target) {
    test.describe(`${what} on ${target.label}`, () => suite(target.url));
    return;
  }
  const reason = `needs QuestDB ${GRAPH_QUESTDB_VERSION}: run it through \`npm test\` (which starts the tested versions) or set QUESTDB_URL`;
  test.describe(`${what} on QuestDB`, () => {
    if (process.env.CI) {
      test(`did not run: it ${reason}`, () => {
        throw new Error(`no QuestDB server: this suite ${reason}`);
      });
    } else {
      test.skip(`SKIPPED: ${reason}`, () => undefined);
    }
  });
}
