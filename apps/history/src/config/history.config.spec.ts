import { readHistoryConfig } from './history.config';

describe(readHistoryConfig.name, () => {
  it('runs on port 5001 with the embedded store and a fixed session id by default', () => {
    expect(readHistoryConfig({})).toEqual({
      mqttUrl: 'mqtt://localhost:1883',
      port: 5001,
      dataDir: './data',
      questDbUrl: undefined,
      mqttClientId: 'eventcast-history',
    });
  });

  it('takes QuestDB over http(s) only', () => {
    expect(readHistoryConfig({ QUESTDB_URL: 'http://questdb:9000/' }).questDbUrl).toBe('http://questdb:9000');
    expect(() => readHistoryConfig({ QUESTDB_URL: 'postgres://questdb:8812' })).toThrow(/QUESTDB_URL/);
  });

  it('refuses a client id the broker would reject', () => {
    expect(readHistoryConfig({ MQTT_CLIENT_ID: 'history-2' }).mqttClientId).toBe('history-2');
    expect(() => readHistoryConfig({ MQTT_CLIENT_ID: 'a b' })).toThrow(/MQTT_CLIENT_ID/);
    expect(() => readHistoryConfig({ MQTT_CLIENT_ID: 'x'.repeat(65) })).toThrow(/MQTT_CLIENT_ID/);
  });
});
