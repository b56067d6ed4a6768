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
      redisKeyPrefix: 'eventcast:datastore:',
    });
  });

  it('takes Redis as redis:// or rediss:// only', () => {
    expect(readDatastoreConfig({ REDIS_URL: 'redis://localhost:6379' }).redisUrl).toBe('redis://localhost:6379');
    expect(readDatastoreConfig({ REDIS_URL: 'rediss://cache:6380/1' }).redisUrl).toBe('rediss://cache:6380/1');
    expect(() => readDatastoreConfig({ REDIS_URL: 'http://localhost:6379' })).toThrow(/REDIS_URL/);
  });

  it('keeps its keys under REDIS_KEY_PREFIX: printable, without spaces', () => {
    expect(readDatastoreConfig({ REDIS_KEY_PREFIX: 'plant-2:datastore:' }).redisKeyPrefix).toBe('plant-2:datastore:');
    expect(() => readDatastoreConfig({ REDIS_KEY_PREFIX: 'plant 2:' })).toThrow(/REDIS_KEY_PREFIX/);
    expect(() => readDatastoreConfig({ REDIS_KEY_PREFIX: 'x'.repeat(257) })).toThrow(/REDIS_KEY_PREFIX/);
  });
});
