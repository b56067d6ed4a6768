// What `npm start` takes from the environment, read once. The services validate their own
// variables; only what npm start itself uses is checked here.
import { resolve } from 'node:path';
import { automationTokens, controllerDatastoreToken } from '../../docker/one-process.mjs';

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {string} workspace the repository root; `./data` there is the default DATA_DIR
 */
export function readSettings(env, workspace) {
  return {
    mqttUrl: env.MQTT_URL || undefined,
    // Where a running broker is looked for and where the embedded one listens. Not for users: the
    // tests set it to run the embedded broker beside the machine's Mosquitto on 1883.
    brokerPort: portVariable(env, 'EVENTCAST_BROKER_PORT', 1883),
    dataDir: env.DATA_DIR ? resolve(env.DATA_DIR) : resolve(workspace, 'data'),
    serviceId: env.SERVICE_ID || 'controller-1',
    datastoreToken: controllerDatastoreToken(env),
    automationTokens: automationTokens(env),
    // The simulated controller is part of a fermentation fridge, so that what a brewer sets up on it
    // visibly does something (docs/controller.md, "A simulated fridge"); SIM_FRIDGE=off drifts.
    simFridge: env.SIM_FRIDGE || 'on',
    questDbUrl: env.QUESTDB_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    // The services' V8 options: a young generation of 4 MiB semi-spaces instead of up to 16, about
    // 12 MiB less of each idle service (docs/decisions.md, "Footprint"); the user's NODE_OPTIONS
    // replaces it.
    nodeOptions: env.NODE_OPTIONS || '--max-semi-space-size=4',
    ports: {
      // The same-origin proxy: the web app, and every service below one origin.
      web: portVariable(env, 'WEB_PORT', 8080),
      controller: portVariable(env, 'CONTROLLER_PORT', 5000),
      history: portVariable(env, 'HISTORY_PORT', 5001),
      datastore: portVariable(env, 'DATASTORE_PORT', 5002),
      automation: portVariable(env, 'AUTOMATION_PORT', 5003),
    },
  };
}

function portVariable(env, name, fallback) {
  const raw = env[name];
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a TCP port from 1 to 65535 (got ${JSON.stringify(raw)})`);
  }
  return port;
}
