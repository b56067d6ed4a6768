import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lintMessages } from './lint-messages';

const WORKSPACE = resolve(__dirname, '../../..');

/** A file of the web app with one more line put first, as a developer might add it. */
function withFirstLine(file: string, line: string): { file: string; text: string } {
  return { file, text: `${line}\n${readFileSync(join(WORKSPACE, file), 'utf8')}` };
}

describe('lint keeps the web app to its hooks and layers', () => {
  const hookFile = 'apps/web/src/app/history/graph.tsx';
  const staleEffect = `import { useEffect, useState } from 'preact/hooks';
/** A fixture. */
export function useFixture(names: string[], on: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => setCount(names.length), []);
  if (on) useEffect(() => setCount(1), []);
  return count;
}
`;

  it('refuses an effect that leaves out a value it reads, and a hook called under a condition', () => {
    const [deps, rules] = [
      lintMessages([{ file: hookFile, text: staleEffect }], 'react-hooks/exhaustive-deps'),
      lintMessages([{ file: hookFile, text: staleEffect }], 'react-hooks/rules-of-hooks'),
    ];
    expect(deps).toEqual([[expect.stringContaining("missing dependency: 'names.length'")]]);
    expect(rules).toEqual([[expect.stringContaining('called conditionally')]]);
  });

  it('refuses an import of one feature by another, and of a feature by shared code', () => {
    const answers = lintMessages(
      [
        withFirstLine('apps/web/src/app/quick-actions/action-state.ts', "import '../history/saved-views';"),
        withFirstLine('apps/web/src/app/history/graph.tsx', "import '../controllers/blocks-page';"),
        withFirstLine('apps/web/src/common/block-form.ts', "import '../app/controllers/blocks-page';"),
      ],
      'no-restricted-imports',
    );
    expect(answers).toEqual([
      [expect.stringContaining('A feature imports no other feature')],
      [expect.stringContaining('A feature imports no other feature')],
      [expect.stringContaining('Shared code imports no feature')],
    ]);
  });

  it('lets a feature import shared code and the app shell put features together', () => {
    const answers = lintMessages(
      [
        withFirstLine('apps/web/src/app/quick-actions/action-state.ts', "import '../../common/controller-list';"),
        withFirstLine('apps/web/src/app/controller-pages.tsx', "import './history/history-page';"),
      ],
      'no-restricted-imports',
    );
    expect(answers).toEqual([[], []]);
  });
});
