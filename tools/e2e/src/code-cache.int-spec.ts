import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const WORKSPACE = resolve(__dirname, '../../..');

// The main.js of a bundled app (tools/build/cached-main.cjs) in front of a small bundle.js and the
// chunk it requires: what it runs, and the code cache it keeps in DATA_DIR (docs/decisions.md,
// "Footprint").
describe("a bundled app's main.js", () => {
  const root = mkdtempSync(join(tmpdir(), 'eventcast-code-cache-'));
  const appDir = join(root, 'dist', 'apps', 'probe');
  const dataDir = join(root, 'data');
  mkdirSync(join(appDir, 'chunks'), { recursive: true });
  // The services make their DATA_DIR as they start; the cache goes into it.
  mkdirSync(dataDir);
  copyFileSync(join(WORKSPACE, 'tools/build/cached-main.cjs'), join(appDir, 'main.js'));
  // The chunk is required twice, from the bundle and from itself, and runs once.
  const writeBundle = (greeting: string) => {
    writeFileSync(
      join(appDir, 'chunks', 'words-1.js'),
      `exports.greeting = ${JSON.stringify(greeting)};\n` +
        `exports.file = require('node:path').basename(__filename);\n` +
        `exports.runs = (require('./words-1.js').runs ?? 0) + 1;\n`,
    );
    writeFileSync(
      join(appDir, 'bundle.js'),
      `const { basename } = require('node:path');\n` +
        `const words = require('./chunks/words-1.js');\n` +
        `exports.greeting = words.greeting;\n` +
        `console.log(words.greeting, basename(__filename), require.main === undefined, words.file, words.runs);\n` +
        `if (process.env.FAIL) throw new Error('failed on purpose');\n`,
    );
  };
  const run = (env: Record<string, string> = {}, args: string[] = []) =>
    spawnSync(process.execPath, [...args, join(appDir, 'main.js')], {
      env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, ...env },
      encoding: 'utf8',
    });
  /** The files a cache holds the code of: its list is at its end, before the list's length in 4 bytes. */
  const cachedFiles = (cache: string): string[] => {
    const data = readFileSync(join(dataDir, '.code-cache', cache));
    const listLength = data.readUInt32LE(data.length - 4);
    const list = JSON.parse(data.toString('utf8', data.length - 4 - listLength, data.length - 4));
    return list.map(([file]: [string, number]) => file);
  };
  const caches = () => (existsSync(join(dataDir, '.code-cache')) ? readdirSync(join(dataDir, '.code-cache')) : []);

  it('runs bundle.js and its chunk as modules of their own, and keeps their compiled code once it stops cleanly', () => {
    writeBundle('hello');
    const first = run();
    expect({ status: first.status, stdout: first.stdout, stderr: first.stderr }).toEqual({
      status: 0,
      stdout: 'hello bundle.js false words-1.js 1\n',
      stderr: '',
    });
    expect(caches()).toEqual([expect.stringMatching(/^probe-[0-9a-f]{16}\.v8$/)]);
    const files = cachedFiles(caches()[0]);
    expect(files).toEqual(['bundle.js', join('chunks', 'words-1.js')]);
  });

  it('runs the same from the cache', () => {
    const [cache] = caches();
    const again = run();
    expect({ status: again.status, stdout: again.stdout }).toEqual({
      status: 0,
      stdout: 'hello bundle.js false words-1.js 1\n',
    });
    expect(caches()).toEqual([cache]);
  });

  it('compiles as usual from a damaged cache, and writes it anew', () => {
    const [cache] = caches();
    const kept = readFileSync(join(dataDir, '.code-cache', cache));
    writeFileSync(join(dataDir, '.code-cache', cache), kept.subarray(0, kept.length - 7));
    const damaged = run();
    expect({ status: damaged.status, stdout: damaged.stdout }).toEqual({
      status: 0,
      stdout: 'hello bundle.js false words-1.js 1\n',
    });
    expect(caches()).toEqual([cache]);
    expect(cachedFiles(cache)).toEqual(['bundle.js', join('chunks', 'words-1.js')]);
  });

  it('keeps nothing from a start that fails', () => {
    writeBundle('broken');
    const failed = run({ FAIL: '1' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('failed on purpose');
    expect(caches()).toHaveLength(1);
  });

  it("replaces the cache of an older bundle with the new bundle's", () => {
    const [old] = caches();
    writeBundle('hello again');
    expect(run().stdout).toBe('hello again bundle.js false words-1.js 1\n');
    expect(caches()).toEqual([expect.not.stringMatching(old)]);
  });

  it('runs with a DATA_DIR it cannot write, without a cache', () => {
    // A file where the folder would be: no folder can be made below it, even by root.
    const file = join(root, 'not-a-folder');
    writeFileSync(file, '');
    const readOnly = run({ DATA_DIR: file });
    expect({ status: readOnly.status, stdout: readOnly.stdout }).toEqual({
      status: 0,
      stdout: 'hello again bundle.js false words-1.js 1\n',
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
