// The four services when one process runs them all (EVENTCAST_APP=all and `npm start --
// --one-process`, docs/deployment.md, "One process"): each build's entry and the variables it
// reads; their ports, HISTORY_PORT, DATASTORE_PORT, CONTROLLER_PORT and AUTOMATION_PORT, the
// defaults of npm start unless set; and the tokens of a service run beside the services it calls.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The services of one process, in the order they start, each as its build in `distApps`
 * (`dist/apps`) exports it, with its variables; and `entry`, one build's entry.js, whose `launch`
 * (a process of its own) or `startServices` (beside other work) runs them all.
 * @param {string} distApps
 * @param {NodeJS.ProcessEnv} env
 */
export function servicesOfOneProcess(distApps, env) {
  const services = variablesOfOneProcess(env);
  const entries = services.map(({ app }) => require(join(distApps, app, 'entry.js')));
  return {
    entry: entries[0],
    launches: services.map(({ app, variables }, index) => ({ entry: entries[index][app], variables })),
  };
}

/**
 * The variables of each service in one process: the process's own, but for the port, the
 * controller's and the automation service's DATASTORE_URL and the automation service's
 * HISTORY_URL, those of the services beside them unless set, and their tokens (the API_TOKEN or
 * API_TOKEN_FILE of all) unless set. Started in this order: the controller reads the user's units
 * from the datastore as it starts, and the automation service its rules.
 * @param {NodeJS.ProcessEnv} env
 */
function variablesOfOneProcess(env) {
  const ports = oneProcessPorts(env);
  const datastoreUrl = env.DATASTORE_URL || `http://localhost:${ports.datastore}`;
  return [
    { app: 'history', variables: { ...env, PORT: ports.history } },
    { app: 'datastore', variables: { ...env, PORT: ports.datastore } },
    {
      app: 'controller',
      variables: { ...env, PORT: ports.controller, DATASTORE_URL: datastoreUrl, ...controllerDatastoreToken(env) },
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

/** @param {NodeJS.ProcessEnv} env */
export function oneProcessPorts(env) {
  return {
    history: env.HISTORY_PORT || '5001',
    datastore: env.DATASTORE_PORT || '5002',
    controller: env.CONTROLLER_PORT || '5000',
    automation: env.AUTOMATION_PORT || '5003',
  };
}

/**
 * The variable that gives a service run beside another (npm start, one process) the token of that
 * other service under `name` (`DATASTORE_API_TOKEN`, `HISTORY_API_TOKEN`): the user's `<name>` or
 * `<name>_FILE` reach it unchanged; else the API_TOKEN (or API_TOKEN_FILE) the services share is
 * the other's too.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} name
 * @returns {Record<string, string>}
 */
function tokenOfServiceBeside(env, name) {
  if (env[name] || env[`${name}_FILE`]) return {};
  if (env.API_TOKEN) return { [name]: env.API_TOKEN };
  if (env.API_TOKEN_FILE) return { [`${name}_FILE`]: env.API_TOKEN_FILE };
  return {};
}

/**
 * The variable that gives a controller run beside its datastore the datastore's token.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Record<string, string>}
 */
export function controllerDatastoreToken(env) {
  return tokenOfServiceBeside(env, 'DATASTORE_API_TOKEN');
}

/**
 * The variables that give the automation service run beside the datastore and the history
 * service their tokens.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Record<string, string>}
 */
export function automationTokens(env) {
  return { ...tokenOfServiceBeside(env, 'DATASTORE_API_TOKEN'), ...tokenOfServiceBeside(env, 'HISTORY_API_TOKEN') };
}
