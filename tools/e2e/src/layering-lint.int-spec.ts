import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lintMessages } from './lint-messages';

const WORKSPACE = resolve(__dirname, '../../..');

/** The `no-restricted-imports` messages for a file of an app with one more import line put first, as a developer might add it. */
function layeringErrors(cases: Array<{ file: string; importLine: string }>): string[][] {
  return lintMessages(
    cases.map(({ file, importLine }) => ({
      file,
      text: `${importLine}\n${readFileSync(join(WORKSPACE, file), 'utf8')}`,
    })),
    'no-restricted-imports',
  );
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
