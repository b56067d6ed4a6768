import { randomBytes } from 'node:crypto';
import { dropQuestDbTables } from './questdb-tables';

/** A QuestDB server the tests run against, named by its version or its address. */
export interface QuestDbTarget {
  readonly label: string;
  readonly url: string;
}

/** The variable `tools/questdb/questdb.ts run` sets: `<version>=<url>` pairs joined by commas. */
export const QUESTDB_URLS_VARIABLE = 'QUESTDB_URLS';

/**
 * The QuestDB servers to test against: the one `QUESTDB_URL` names, else those `npm test` started
 * (`QUESTDB_URLS`), else none.
 */
export function questDbTargets(env: NodeJS.ProcessEnv = process.env): QuestDbTarget[] {
  if (env.QUESTDB_URL) return [{ label: `QuestDB at ${env.QUESTDB_URL}`, url: env.QUESTDB_URL }];
  return (env[QUESTDB_URLS_VARIABLE] ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [version, url] = pair.split('=');
      return { label: `QuestDB ${version}`, url };
    });
}

/** A store the history service can run on, as the variables that choose it. */
export interface HistoryStore {
  readonly label: string;
  readonly env: Record<string, string>;
}

/**
 * The history service's embedded DuckDB store and every QuestDB server the run has, each server with
 * the table `table`. Call it with a table of the test's own: the server may be a shared one whose
 * other tables and rows are not the test's.
 */
export function historyStoresIn(table: string, env: NodeJS.ProcessEnv = process.env): HistoryStore[] {
  return [
    { label: 'DuckDB', env: {} },
    ...questDbTargets(env).map(({ label, url }) => ({ label, env: { QUESTDB_URL: url, QUESTDB_TABLE: table } })),
  ];
}

/**
 * `historyStoresIn` a new table of its own, which it drops from every QuestDB server once the tests
 * of the file (or the block) that asked have run.
 */
export function historyStores(): HistoryStore[] {
  const table = `history_test_${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    for (const { url } of questDbTargets()) await dropQuestDbTables(url, table);
  });
  return historyStoresIn(table);
}

/**
 * Declares `suite` once per QuestDB target. Without one it declares a test that says so: skipped
 * on a developer's machine, failing in CI, where a skipped QuestDB suite would hide that it never ran.
 */
export function describeOnEachQuestDb(what: string, suite: (target: QuestDbTarget) => void): void {
  const targets = questDbTargets();
  if (targets.length > 0) {
    describe.each(targets)(`${what} on $label`, suite);
    return;
  }
  describeMissingQuestDb(
    what,
    'needs a QuestDB server: run it through `npm test` (which starts the tested versions) or set QUESTDB_URL',
  );
}

/**
 * Declares, in place of a QuestDB suite that has no server to run on, a test that says `reason`:
 * skipped on a developer's machine, failing in CI, where a skipped suite would hide that it never ran.
 */
export function describeMissingQuestDb(what: string, reason: string): void {
  describe(`${what} on QuestDB`, () => {
    if (process.env.CI) {
      it(`did not run: it ${reason}`, () => {
        throw new Error(`no QuestDB server: this suite ${reason}`);
      });
    } else {
      it.skip(`SKIPPED: ${reason}`, () => undefined);
    }
  });
}
