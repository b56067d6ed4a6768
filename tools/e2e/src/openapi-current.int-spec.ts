import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const WORKSPACE = resolve(__dirname, '../../..');

describe('the committed OpenAPI documents and generated clients', () => {
  // A child process: openapi-typescript loads ES modules, which Jest here cannot require.
  it('are what the built apps produce, or the failure names the stale files and the command that updates them', () => {
    const check = spawnSync(
      process.execPath,
      [
        require.resolve('ts-node/dist/bin'),
        '--transpile-only',
        '-P',
        'tools/openapi/tsconfig.json',
        'tools/openapi/check-openapi.ts',
      ],
      { cwd: WORKSPACE, encoding: 'utf8' },
    );
    if (check.status !== 0) throw new Error(check.stderr);
    expect(check.stdout).toContain('are current');
  }, 60_000);

  it('describe the datastore routes on the history page as well as the time-series ones', () => {
    const history = JSON.parse(readFileSync(resolve(WORKSPACE, 'apps/history/openapi.json'), 'utf8')) as {
      paths: object;
    };
    const datastore = JSON.parse(readFileSync(resolve(WORKSPACE, 'apps/datastore/openapi.json'), 'utf8')) as {
      paths: object;
    };
    expect(Object.keys(history.paths)).toEqual(
      expect.arrayContaining([...Object.keys(datastore.paths), '/history/timeseries/ranges']),
    );
  });
});
