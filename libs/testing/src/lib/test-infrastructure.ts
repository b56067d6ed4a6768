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
