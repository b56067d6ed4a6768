// The ports of the three services when one process runs them all (EVENTCAST_APP=all,
// docs/deployment.md, "One process"): HISTORY_PORT, DATASTORE_PORT and CONTROLLER_PORT, the
// defaults of npm start unless set; and the datastore token of a controller run beside its datastore.

/** @param {NodeJS.ProcessEnv} env */
export function oneProcessPorts(env) {
  return {
    history: env.HISTORY_PORT || '5001',
    datastore: env.DATASTORE_PORT || '5002',
    controller: env.CONTROLLER_PORT || '5000',
  };
}

/**
 * The variable that gives a controller run beside its datastore (npm start, one process) the
 * datastore's token: the user's DATASTORE_API_TOKEN or DATASTORE_API_TOKEN_FILE reach it unchanged;
 * else the API_TOKEN (or API_TOKEN_FILE) the services share is the datastore's too.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Record<string, string>}
 */
export function controllerDatastoreToken(env) {
  if (env.DATASTORE_API_TOKEN || env.DATASTORE_API_TOKEN_FILE) return {};
  if (env.API_TOKEN) return { DATASTORE_API_TOKEN: env.API_TOKEN };
  if (env.API_TOKEN_FILE) return { DATASTORE_API_TOKEN_FILE: env.API_TOKEN_FILE };
  return {};
}
