// The four services of `npm start`: the variables each one gets, the store it uses, the paths it
// serves and where its API page is.
import { join } from 'node:path';

/**
 * @param {ReturnType<typeof import('./settings.mjs').readSettings>} settings
 * @param {string} brokerUrl the broker every service connects to
 * @param {string} workspace the repository root, where `dist/apps/<app>/main.js` is
 * @param {string} [mqttVersion] the MQTT version the history service speaks, when the broker needs one
 * @returns {{ name: string, script: string, env: Record<string, string>, store: string, port: number, prefix: string, apiPath: string, startsAfterPort?: number }[]}
 *   `prefix`: the paths the service answers, as the proxy routes them; `apiPath`: its API page;
 *   `startsAfterPort`: the service starts once this port answers
 */
export function describeServices(settings, brokerUrl, workspace, mqttVersion) {
  const { dataDir, serviceId, datastoreToken, automationTokens, ports, questDbUrl, redisUrl, nodeOptions, simFridge } =
    settings;
  // QUESTDB_URL, REDIS_URL, MQTT_CLIENT_ID and the other variables of the user reach the services
  // unchanged; these are the ones npm start decides.
  const shared = { MQTT_URL: brokerUrl, DATA_DIR: dataDir, NODE_OPTIONS: nodeOptions };
  const services = [
    {
      name: 'history',
      env: { ...shared, PORT: ports.history, ...(mqttVersion && { MQTT_VERSION: mqttVersion }) },
      store: questDbUrl ? `QuestDB at ${questDbUrl}` : `embedded DuckDB in ${dataDir}`,
      port: ports.history,
      prefix: '/history/',
      apiPath: '/history/api/doc',
    },
    {
      name: 'datastore',
      env: { ...shared, PORT: ports.datastore },
      store: redisUrl ? `Redis at ${redisUrl}` : `embedded SQLite in ${dataDir}`,
      port: ports.datastore,
      prefix: '/history/datastore/',
      apiPath: '/history/datastore/api/doc',
    },
    {
      name: 'controller',
      env: {
        ...shared,
        PORT: ports.controller,
        SERVICE_ID: serviceId,
        SIM_FRIDGE: simFridge,
        DATASTORE_URL: `http://localhost:${ports.datastore}`,
        ...datastoreToken,
      },
      store: `simulated device${simFridge === 'off' ? '' : ' in a fridge'} in ${dataDir}`,
      port: ports.controller,
      prefix: `/${serviceId}/`,
      apiPath: `/${serviceId}/api/doc`,
      // It reads the user's units from the datastore as it starts; it would retry, but with a
      // warning in the log.
      startsAfterPort: ports.datastore,
    },
    {
      name: 'automation',
      env: {
        ...shared,
        PORT: ports.automation,
        DATASTORE_URL: `http://localhost:${ports.datastore}`,
        HISTORY_URL: `http://localhost:${ports.history}`,
        ...automationTokens,
      },
      store: redisUrl ? `outbox and incidents in Redis at ${redisUrl}` : `outbox and incidents in ${dataDir}`,
      port: ports.automation,
      prefix: '/automation/',
      apiPath: '/automation/api/doc',
      // It reads its rules from the datastore as it starts.
      startsAfterPort: ports.datastore,
    },
  ];
  return services.map((service) => ({
    ...service,
    script: join(workspace, 'dist', 'apps', service.name, 'main.js'),
    env: Object.fromEntries(Object.entries(service.env).map(([name, value]) => [name, String(value)])),
  }));
}

/**
 * The variables of `npm start -- --one-process`, which runs the four services in its own process
 * (docker/one-process.mjs), on the same ports and with the same variables as `describeServices`
 * gives each (docs/deployment.md, "One process").
 * @param {ReturnType<typeof describeServices>} services
 * @returns {Record<string, string>}
 */
export function oneProcessVariables(services) {
  const byName = Object.fromEntries(services.map((service) => [service.name, service]));
  const { PORT: _historyPort, ...historyEnv } = byName.history.env;
  const { PORT: _controllerPort, ...controllerEnv } = byName.controller.env;
  return {
    ...historyEnv,
    ...controllerEnv,
    HISTORY_PORT: String(byName.history.port),
    DATASTORE_PORT: String(byName.datastore.port),
    CONTROLLER_PORT: String(byName.controller.port),
    AUTOMATION_PORT: String(byName.automation.port),
  };
}
