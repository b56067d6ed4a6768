import { inheritedServiceEnvironment } from './test-infrastructure';

describe(inheritedServiceEnvironment.name, () => {
  const testProcess = {
    PATH: '/usr/bin',
    LOG_LEVEL: 'warn',
    CI: 'true',
    MQTT_URL: 'mqtt://shared:1883',
    QUESTDB_URL: 'http://shared-questdb:9000',
    QUESTDB_URLS: '9.3.2=http://127.0.0.1:40001',
    QUESTDB_TABLE: 'history_values',
    REDIS_URL: 'redis://shared:6379',
    REDIS_KEY_PREFIX: 'shared:',
    SERVICE_ID: 'controller-1',
    API_TOKEN: 'my-own-token',
  };

  it('passes on what a service does not choose by (the PATH, the log level) and leaves out its broker, stores and token', () => {
    expect(inheritedServiceEnvironment(testProcess)).toEqual({ PATH: '/usr/bin', LOG_LEVEL: 'warn', CI: 'true' });
  });

  it("leaves the test process's own variables as they were: the test still finds its servers by them", () => {
    const before = { ...testProcess };
    inheritedServiceEnvironment(testProcess);
    expect(testProcess).toEqual(before);
  });
});
