// The ports of the three services when one process runs them all (EVENTCAST_APP=all,
// docs/deployment.md, "One process"): HISTORY_PORT, DATASTORE_PORT and CONTROLLER_PORT, the
// defaults of npm start unless set.

/** @param {NodeJS.ProcessEnv} env */
export function oneProcessPorts(env) {
  return {
    history: env.HISTORY_PORT || '5001',
    datastore: env.DATASTORE_PORT || '5002',
    controller: env.CONTROLLER_PORT || '5000',
  };
}
