// Entry point of the eventcast image and of `npm start -- --one-process`: runs
// dist/apps/<EVENTCAST_APP>/main.js in this process, so that the app itself receives SIGTERM and
// stops cleanly; with EVENTCAST_APP=all, the four services in this one process
// (docs/deployment.md, "One process").
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { servicesOfOneProcess } from './one-process.mjs';

const APPS = ['history', 'datastore', 'controller', 'automation'];
const require = createRequire(import.meta.url);
const distApps = resolve(import.meta.dirname, '..', 'dist', 'apps');

const app = process.env.EVENTCAST_APP ?? '';
if (app === 'all') {
  const { entry, launches } = servicesOfOneProcess(distApps, process.env);
  // Each entry starts its service with its own build's code; any build's launch runs them all.
  void entry.launch(launches);
} else if (APPS.includes(app)) {
  require(resolve(distApps, app, 'main.js'));
} else {
  console.error(`EVENTCAST_APP: must be one of ${APPS.join(', ')} or all (got "${app}")`);
  process.exit(2);
}
