import { readDatastoreConfig } from './datastore.config';

describe(readDatastoreConfig.name, () => {
  it('runs on port 5002 with the embedded store by default', () => {
    expect(readDatastoreConfig({})).toEqual({
      logFormat: 'text',
      logLevel: 'info',
      mqttUrl: 'mqtt://localhost:1883',
      port: 5002,
      dataDir: './data',
      redisUrl: undefined,
    });
  });

  it('takes Redis as redis:// or rediss:// only', () => {
    expect(readDatastoreConfig({ REDIS_URL: 'redis://localhost:6379' }).redisUrl).toBe('redis://localhost:6379');
    expect(readDatastoreConfig({ REDIS_URL: 'rediss://cache:6380/1' }).redisUrl).toBe('rediss://cache:6380/1');
    expect(() => readDatastoreConfig({ REDIS_URL: 'http://localhost:6379' })).toThrow(/REDIS_URL/);
  });
});
