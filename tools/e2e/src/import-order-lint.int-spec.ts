import { lintMessages } from './lint-messages';

/** A file of the workspace, which type-aware lint needs, whose text each case replaces. */
const FILE = 'apps/history/src/app/time-series/csv.util.ts';

/** The import-order messages lint gives a file of these import lines. */
function orderErrors(...imports: string[]): string[] {
  const [messages] = lintMessages(
    [
      {
        file: FILE,
        text: `${imports.join('\n')}\nexport const used = [${imports.map((_, n) => `a${n}`).join(', ')}];\n`,
      },
    ],
    'import-helpers/order-imports',
  );
  return messages;
}

describe('lint keeps the order of imports', () => {
  it('refuses a package imported after a relative path, and a workspace lib after a relative path', () => {
    expect(orderErrors(`import { a0 } from './time.util';`, `import { a1 } from 'rxjs';`)).toEqual([
      expect.stringContaining('`rxjs` import should occur before import of `./time.util`'),
    ]);
    expect(
      orderErrors(`import { a0 } from '../ingest/receive-clock';`, `import { a1 } from '@eventcast/domain';`),
    ).toEqual([
      expect.stringContaining('`@eventcast/domain` import should occur before import of `../ingest/receive-clock`'),
    ]);
  }, 120_000);

  it('takes packages, then workspace libs, then relative paths', () => {
    expect(
      orderErrors(
        `import { a0 } from 'node:path';`,
        `import { a1 } from 'rxjs';`,
        `import { a2 } from '@eventcast/domain';`,
        `import { a3 } from './time.util';`,
      ),
    ).toEqual([]);
  }, 120_000);
});
