import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { coerce, satisfies } from 'semver';

const WORKSPACE = resolve(__dirname, '../../..');

interface LockFile {
  packages: Record<string, { engines?: { node?: string }; version?: string }>;
}

/** The lock file that `npm install` writes for this package.json, starting from the given lock. */
function relock(packageJson: string, lockFile: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'eventcast-lock-'));
  writeFileSync(join(dir, 'package.json'), packageJson);
  writeFileSync(join(dir, 'package-lock.json'), lockFile);
  execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: 'ignore',
  });
  return readFileSync(join(dir, 'package-lock.json'), 'utf8');
}

function workspaceFile(name: string): string {
  return readFileSync(join(WORKSPACE, name), 'utf8');
}

/** The oldest Node.js the README tells a newcomer to have: as written (24, or 24.1) and as x.y.z. */
function readmeNodeVersion(): { written: string; version: string } {
  const match = /You need Node\.js (\d+(?:\.\d+)?) or newer/.exec(workspaceFile('README.md'));
  if (!match) throw new Error('README.md no longer says "You need Node.js <x> or newer"');
  return { written: match[1], version: coerce(match[1])?.version ?? match[1] };
}

describe('package-lock.json', () => {
  it('is what npm install writes for package.json, so npm ci installs it', () => {
    const committed = workspaceFile('package-lock.json');
    expect(relock(workspaceFile('package.json'), committed)).toBe(committed);
  });

  it('is refused by that comparison once package.json asks for a package the lock lacks', () => {
    const packageJson = JSON.parse(workspaceFile('package.json'));
    packageJson.dependencies['is-number'] = '^7.0.0';
    const committed = workspaceFile('package-lock.json');
    expect(relock(JSON.stringify(packageJson, null, 2), committed)).not.toBe(committed);
  });

  it('holds only packages that run on the Node.js the README and package.json name', () => {
    const { written, version: node } = readmeNodeVersion();
    expect(JSON.parse(workspaceFile('package.json')).engines.node).toBe(`>=${written}`);
    // The oldest line CI tests (tools/node/lines) is the oldest the README names.
    expect(workspaceFile('tools/node/lines').trim().split(/\s+/)[0]).toBe(written.split('.')[0]);
    const lock = JSON.parse(workspaceFile('package-lock.json')) as LockFile;
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines?.node && !satisfies(node, entry.engines.node))
      .map(([path, entry]) => `${path}@${entry.version} wants node ${entry.engines?.node}`);
    expect(refusing).toEqual([]);
  });
});
