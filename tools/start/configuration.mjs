// The services' own check of their variables, made before npm start prints anything as running.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * What is wrong with the variables each service would be started with, as the services' own
 * configuration readers say (a too short API_TOKEN, a port out of range, ...); empty when nothing is.
 * @param {{ name: string, env: Record<string, string> }[]} services as `describeServices` gives them
 * @param {string} workspace the repository root, where `dist/apps/<app>/entry.js` is
 * @returns {string[]}
 */
export function configurationProblems(services, workspace) {
  const input = services.map(({ name, env }) => ({
    app: name,
    entry: join(workspace, 'dist', 'apps', name, 'entry.js'),
    env: { ...process.env, ...env },
  }));
  const result = spawnSync(process.execPath, [join(import.meta.dirname, 'check-configuration.mjs')], {
    input: JSON.stringify(input),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the check of the configuration failed: ${result.stderr.trim()}`);
  return JSON.parse(result.stdout);
}
