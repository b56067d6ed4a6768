// Entry point of the eventcast image: runs dist/apps/<EVENTCAST_APP>/main.js in this process,
// so that the app itself receives SIGTERM and stops cleanly.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const APPS = ['history', 'datastore', 'controller'];

const app = process.env.EVENTCAST_APP ?? '';
if (!APPS.includes(app)) {
  console.error(`EVENTCAST_APP: must be one of ${APPS.join(', ')} (got "${app}")`);
  process.exit(2);
}
createRequire(import.meta.url)(resolve(import.meta.dirname, '..', 'dist', 'apps', app, 'main.js'));
