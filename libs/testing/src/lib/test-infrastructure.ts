/** Where the shared Mosquitto and Redis run on a development machine and in CI (CONTRIBUTING.md). */
const LOOPBACK_BROKER_URL = 'mqtt://127.0.0.1:1883';
const LOOPBACK_REDIS_URL = 'redis://127.0.0.1:6379';

/** The shared broker the tests use: `TEST_MQTT_URL`, else `MQTT_URL`, else Mosquitto on loopback. */
export function testBrokerUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.TEST_MQTT_URL || env.MQTT_URL || LOOPBACK_BROKER_URL;
}

/** The shared Redis the tests use: `TEST_REDIS_URL`, else `REDIS_URL`, else Redis on loopback. */
export function testRedisUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.TEST_REDIS_URL || env.REDIS_URL || LOOPBACK_REDIS_URL;
}

/**
 * The variables a test chooses for the services it starts: their broker, stores, Redis key prefix and QuestDB table,
 * the controller they serve, their tokens. In the test process they may mean something else
 * (`QUESTDB_URL` names the server the run targets, `MQTT_URL` the shared broker), so a service
 * takes them from its test only, never from the test's own environment.
 */
export const SERVICE_CHOICE_VARIABLES = [
  'MQTT_URL',
  'MQTT_CLIENT_ID',
  'SERVICE_ID',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
  'QUESTDB_URL',
  'QUESTDB_URLS',
  'QUESTDB_TABLE',
  'DATASTORE_URL',
  'HISTORY_URL',
  'API_TOKEN',
  'API_TOKEN_FILE',
  'DATASTORE_API_TOKEN',
  'HISTORY_API_TOKEN',
] as const;

/**
 * The environment a service (or `npm start`) started by a test inherits: this process's, without
 * `SERVICE_CHOICE_VARIABLES`, so it runs on its defaults unless the test says otherwise.
 */
export function inheritedServiceEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const inherited = { ...env };
  for (const name of SERVICE_CHOICE_VARIABLES) delete inherited[name];
  // Nx runs the tests with FORCE_COLOR, beside which Node 24 and newer warn of the NO_COLOR the
  // tests give the services, on stderr, in a line that is not a log line.
  delete inherited['FORCE_COLOR'];
  return inherited;
}
