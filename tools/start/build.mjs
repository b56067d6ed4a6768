// Builds the apps of npm start unless Nx finds their build current: Nx caches builds by their
// inputs, so an up-to-date build takes a few seconds and prints nothing.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

/** The apps npm start runs: the four services, and the web app where the workspace has one. */
export function appsToBuild(workspace) {
  const services = ['history', 'datastore', 'controller', 'automation'];
  return existsSync(join(workspace, 'apps', 'web', 'project.json')) ? [...services, 'web'] : services;
}

/** The apps of `apps` whose built entry file is missing from `dist/apps/`. */
export function unbuiltApps(workspace, apps) {
  return apps.filter(
    (app) => !existsSync(join(workspace, 'dist', 'apps', app, app === 'web' ? 'index.html' : 'main.js')),
  );
}

/**
 * Runs `nx run-many -t build` for `apps` in `workspace`. Its output is shown only once a task
 * actually builds (from then on as it comes, with what came before), or when the build fails: a
 * build that Nx takes whole from its cache prints nothing.
 * @returns {Promise<void>}
 * @throws {Error} saying why, when the build fails
 */
export async function buildApps(workspace, apps) {
  const args = [nxCli(workspace), 'run-many', '-t', 'build', `--projects=${apps.join(',')}`, '--outputStyle=static'];
  const nx = spawn(process.execPath, args, {
    cwd: workspace,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
  });
  /** @type {{ output: NodeJS.WriteStream, text: string }[] | undefined} what Nx wrote before a task built */
  let held = [];
  const show = (output, text) => {
    if (held === undefined) output.write(text);
    else held.push({ output, text });
  };
  const showHeld = () => {
    for (const { output, text } of held ?? []) output.write(text);
    held = undefined;
  };
  for (const [input, output] of [
    [nx.stdout, process.stdout],
    [nx.stderr, process.stderr],
  ]) {
    createInterface({ input, crlfDelay: Infinity }).on('line', (line) => {
      if (held !== undefined && BUILDING_TASK.test(line)) showHeld();
      show(output, `${line}\n`);
    });
  }
  const [status, signal] = await new Promise((resolve, reject) => {
    nx.once('error', reject);
    nx.once('close', (code, signal) => resolve([code, signal]));
  });
  if (status === 0 && !signal) return;
  showHeld();
  if (signal) throw new Error(`nx was stopped by ${signal}`);
  throw new Error(`nx exited with code ${status}`);
}

// The line of a task that Nx runs rather than takes from its cache, which it marks
// `> nx run web:build  [local cache]` (or `[existing outputs match the cache, left as is]`).
const BUILDING_TASK = /^> nx run \S+$/;

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
