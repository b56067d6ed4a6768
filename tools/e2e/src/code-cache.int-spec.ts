import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const WORKSPACE = resolve(__dirname, '../../..');

// The main.js of a bundled app (tools/build/compile-cache-main.cjs) in front of a small bundle.js and
// the chunk it requires: what it runs, and the compile cache it keeps in DATA_DIR (docs/decisions.md,
// "Footprint").
describe("a bundled app's main.js", () => {
  const root = mkdtempSync(join(tmpdir(), 'eventcast-code-cache-'));
  const appDir = join(root, 'dist', 'apps', 'probe');
  const dataDir = join(root, 'data');
  mkdirSync(join(appDir, 'chunks'), { recursive: true });
  copyFileSync(join(WORKSPACE, 'tools/build/compile-cache-main.cjs'), join(appDir, 'main.js'));
  const writeBundle = (greeting: string) => {
    writeFileSync(join(appDir, 'chunks', 'words-1.js'), `exports.greeting = ${JSON.stringify(greeting)};\n`);
    writeFileSync(
      join(appDir, 'bundle.js'),
      `const words = require('./chunks/words-1.js');\n` +
        `exports.greeting = words.greeting;\n` +
        `console.log(words.greeting, require('node:path').basename(__filename));\n`,
    );
  };
  const run = (env: Record<string, string> = {}, args: string[] = []) =>
    spawnSync(process.execPath, [...args, join(appDir, 'main.js')], {
      env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, ...env },
      encoding: 'utf8',
    });
  /** Every file below the cache folder: Node keeps one per compiled module, in a folder per Node version. */
  const cachedFiles = (): string[] =>
    readdirSync(join(dataDir, '.code-cache'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);

  it('runs bundle.js and its chunk, and keeps their compiled code in DATA_DIR as it stops', () => {
    writeBundle('hello');
    const first = run();
    expect({ status: first.status, stdout: first.stdout, stderr: first.stderr }).toEqual({
      status: 0,
      stdout: 'hello bundle.js\n',
      stderr: '',
    });
    // bundle.js and the chunk (main.js itself ran before the cache was on).
    expect(cachedFiles()).toHaveLength(2);
  });

  it('runs the same from the cache, taking the code from it', () => {
    const again = run({ NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
    expect({ status: again.status, stdout: again.stdout }).toEqual({ status: 0, stdout: 'hello bundle.js\n' });
    expect(again.stderr).toMatch(/bundle\.js was accepted/);
    expect(again.stderr).toMatch(/words-1\.js was accepted/);
  });

  it('runs a changed bundle as it now is', () => {
    writeBundle('hello again');
    expect(run().stdout).toBe('hello again bundle.js\n');
  });

  it('runs with a DATA_DIR it cannot write, without a cache', () => {
    // A file where the folder would be: no folder can be made below it, even by root.
    const file = join(root, 'not-a-folder');
    writeFileSync(file, '');
    const readOnly = run({ DATA_DIR: file });
    expect({ status: readOnly.status, stdout: readOnly.stdout }).toEqual({
      status: 0,
      stdout: 'hello again bundle.js\n',
    });
  });

  it('leaves stack traces to Node, mapped, under --enable-source-maps', () => {
    writeFileSync(join(appDir, 'bundle.js'), `throw new Error('mapped');\n//# sourceMappingURL=bundle.js.map\n`);
    writeFileSync(
      join(appDir, 'bundle.js.map'),
      JSON.stringify({ version: 3, sources: ['../../../src/probe.ts'], names: [], mappings: 'AAAA' }),
    );
    const traced = run({}, ['--enable-source-maps']);
    expect(traced.stderr).toMatch(/at .*src\/probe\.ts:1:1/);
  });
});
