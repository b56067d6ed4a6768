// Builds the apps of npm start unless Nx finds their build current: Nx caches builds by their
// inputs, so an up-to-date build takes about a second.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The apps npm start runs: the three services, and the web app where the workspace has one. */
export function appsToBuild(workspace) {
  const services = ['history', 'datastore', 'controller'];
  return existsSync(join(workspace, 'apps', 'web', 'project.json')) ? [...services, 'web'] : services;
}

/** The apps of `apps` whose built entry file is missing from `dist/apps/`. */
export function unbuiltApps(workspace, apps) {
  return apps.filter(
    (app) => !existsSync(join(workspace, 'dist', 'apps', app, app === 'web' ? 'index.html' : 'main.js')),
  );
}

/**
 * Runs `nx run-many -t build` for `apps` in `workspace`, its output shown as it comes.
 * @throws {Error} saying why, when the build fails
 */
export function buildApps(workspace, apps) {
  const args = [nxCli(workspace), 'run-many', '-t', 'build', `--projects=${apps.join(',')}`, '--outputStyle=static'];
  const result = spawnSync(process.execPath, args, {
    cwd: workspace,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
  });
  if (result.error) throw result.error;
  if (result.signal) throw new Error(`nx was stopped by ${result.signal}`);
  if (result.status !== 0) throw new Error(`nx exited with code ${result.status}`);
}

// The workspace's own Nx, run with this Node: no npx and no shell, so it works the same on
// Windows, where `npx` is a .cmd file that spawn cannot start without a shell.
function nxCli(workspace) {
  const require = createRequire(join(workspace, 'package.json'));
  let manifest;
  try {
    manifest = require.resolve('nx/package.json');
  } catch {
    throw new Error('Nx is not installed; run `npm install` first');
  }
  return join(dirname(manifest), require(manifest).bin.nx);
}
