import { describeMissingQuestDb, questDbTargets } from '@eventcast/testing';

/** The QuestDB version the graph journey runs on, one of those `npm test` starts. */
export const GRAPH_QUESTDB_VERSION = '9.3.2';

/**
 * Declares `suite` with the history service on QuestDB `GRAPH_QUESTDB_VERSION` (from
 * `QUESTDB_URLS`, as `npm run questdb -- run` sets it) or on the server `QUESTDB_URL` names. Without
 * one it declares a test that says so (`describeMissingQuestDb`).
 */
export function describeOnGraphQuestDb(what: string, suite: (questDbUrl: string) => void): void {
  const target = questDbTargets().find(
    ({ label }) => label === `QuestDB ${GRAPH_QUESTDB_VERSION}` || label.startsWith('QuestDB at '),
  );
  if (target) {
    describe(`${what} on ${target.label}`, () => suite(target.url));
    return;
  }
  describeMissingQuestDb(
    what,
    `needs QuestDB ${GRAPH_QUESTDB_VERSION}: run it through \`npm test\` (which starts the tested versions) or set QUESTDB_URL`,
  );
}
