// The ports of the four services when one process runs them all (EVENTCAST_APP=all,
// docs/deployment.md, "One process"): HISTORY_PORT, DATASTORE_PORT, CONTROLLER_PORT and
// AUTOMATION_PORT, the defaults of npm start unless set; and the tokens of a service run beside the
// services it calls.

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
