// Builds every app unless Nx finds its build current (Nx caches builds by their inputs).
import { spawnSync } from 'node:child_process';

export function buildApps(workspace) {
  const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], {
    cwd: workspace,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
  });
  return result.status === 0;
}
