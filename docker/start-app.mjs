// Entry point of the eventcast image and of `npm start -- --one-process`: runs
// dist/apps/<EVENTCAST_APP>/main.js in this process, so that the app itself receives SIGTERM and
// stops cleanly; with EVENTCAST_APP=all, the four services in this one process
// (docs/deployment.md, "One process").
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { automationTokens, controllerDatastoreToken, oneProcessPorts } from './one-process.mjs';

const APPS = ['history', 'datastore', 'controller', 'automation'];
const require = createRequire(import.meta.url);
const built = (app, file) => resolve(import.meta.dirname, '..', 'dist', 'apps', app, file);

const app = process.env.EVENTCAST_APP ?? '';
if (app === 'all') {
  const services = servicesOfOneProcess(process.env);
  const entries = services.map(({ app }) => require(built(app, 'entry.js')));
  // Each entry starts its service with its own build's code; any build's launch runs them all.
  void entries[0].launch(services.map(({ app, variables }, index) => ({ entry: entries[index][app], variables })));
} else if (APPS.includes(app)) {
  require(built(app, 'main.js'));
} else {
  console.error(`EVENTCAST_APP: must be one of ${APPS.join(', ')} or all (got "${app}")`);
  process.exit(2);
}

/**
 * The variables of each service in one process: the process's own, but for the port
 * (one-process.mjs), the controller's and the automation service's DATASTORE_URL and the
 * automation service's HISTORY_URL, those of the services beside them unless set, and their tokens
 * (the API_TOKEN or API_TOKEN_FILE of all) unless set. Started in this order: the controller reads
 * the user's units from the datastore as it starts, and the automation service its rules.
 */
function servicesOfOneProcess(env) {
  const ports = oneProcessPorts(env);
  const datastoreUrl = env.DATASTORE_URL || `http://localhost:${ports.datastore}`;
  return [
    { app: 'history', variables: { ...env, PORT: ports.history } },
    { app: 'datastore', variables: { ...env, PORT: ports.datastore } },
    {
      app: 'controller',
      variables: {
        ...env,
        PORT: ports.controller,
        DATASTORE_URL: datastoreUrl,
        ...controllerDatastoreToken(env),
      },
    },
    {
      app: 'automation',
      variables: {
        ...env,
        PORT: ports.automation,
        DATASTORE_URL: datastoreUrl,
        HISTORY_URL: env.HISTORY_URL || `http://localhost:${ports.history}`,
        ...automationTokens(env),
      },
    },
  ];
}
