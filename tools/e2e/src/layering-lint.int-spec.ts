import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const WORKSPACE = resolve(__dirname, '../../..');

/** A file of an app with one more import line put first, as a developer might add it. */
interface Case {
  file: string;
  importLine: string;
}

/**
 * The `no-restricted-imports` messages the workspace's lint configuration gives each case, from
 * ESLint run in a process of its own (Jest cannot load the ESM configuration).
 */
function layeringErrors(cases: Case[]): string[][] {
  const script = `
    import { readFileSync } from 'node:fs';
    import { ESLint } from 'eslint';
    const eslint = new ESLint();
    const answers = [];
    for (const { file, importLine } of JSON.parse(process.argv[1])) {
      const [result] = await eslint.lintText(importLine + '\\n' + readFileSync(file, 'utf8'), { filePath: file });
      answers.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
    }
    console.log(JSON.stringify(answers));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(cases)], {
    cwd: WORKSPACE,
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

describe('lint keeps the layers of each app', () => {
  const apps = [
    ['history', 'time-series/time-series.service.ts', 'time-series-store.module'],
    ['datastore', 'documents/documents.service.ts', 'document-store.module'],
    ['controller', 'blocks/blocks.service.ts', 'device/device.module'],
  ];
  let fromAppLayer: string[][];
  let fromAppModule: string[][];

  beforeAll(() => {
    const answers = layeringErrors([
      ...apps.map(([app, file, infra]) => ({
        file: `apps/${app}/src/app/${file}`,
        importLine: `import '../../infra/${infra}';`,
      })),
      ...apps.map(([app, , infra]) => ({
        file: `apps/${app}/src/app/app.module.ts`,
        importLine: `import '../infra/${infra}';`,
      })),
    ]);
    fromAppLayer = answers.slice(0, apps.length);
    fromAppModule = answers.slice(apps.length);
  }, 180_000);

  it('refuses an import of infra/ from the app layer of each app', () => {
    expect(fromAppLayer).toEqual(apps.map(() => [expect.stringContaining('app/ depends on ports only')]));
  });

  it('lets the app module of each app wire adapters from infra/', () => {
    expect(fromAppModule).toEqual(apps.map(() => []));
  });
});
