import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readHistoryConfig } from './history.config';

describe(readHistoryConfig.name, () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'eventcast-history-config-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The configuration of `env`, on a data folder of the test's own. */
  const read = (env: Record<string, string> = {}) => readHistoryConfig({ DATA_DIR: dataDir, ...env });

  it('runs on port 5001 with the embedded store, a session id of its installation, 500,000 values in memory, a spool synced every 200 ms and events of up to 1 MiB by default', () => {
    expect(read()).toEqual({
      logFormat: 'text',
      logLevel: 'info',
      mqttUrl: 'mqtt://localhost:1883',
      port: 5001,
      dataDir,
      questDbUrl: undefined,
      questDbTable: 'history_values',
      mqttClientId: expect.stringMatching(/^eventcast-history-[0-9a-f]{12}$/),
      mqttVersion: '5',
      mqttShareGroup: undefined,
      bufferValues: 500_000,
      spoolMaxBytes: 0,
      spoolSyncMs: 200,
      maxEventBytes: 1_048_576,
      retentionUs: undefined,
      rollupRetentionUs: undefined,
    });
  });

  it('keeps raw points and rollups for whole days, weeks or years, rollups at least as long as raw points', () => {
    const day = 86_400_000_000;
    expect(read({ HISTORY_RETENTION: '400d', HISTORY_ROLLUP_RETENTION: '10y' })).toMatchObject({
      retentionUs: 400 * day,
      rollupRetentionUs: 3_650 * day,
    });
    expect(read({ HISTORY_RETENTION: '8w' })).toMatchObject({
      retentionUs: 56 * day,
      rollupRetentionUs: undefined,
    });
    for (const bad of ['36h', '0d', '1.5d', 'forever', '-3d']) {
      expect(() => read({ HISTORY_RETENTION: bad })).toThrow(/HISTORY_RETENTION: must be a whole number of days/);
    }
    expect(() => read({ HISTORY_RETENTION: '400d', HISTORY_ROLLUP_RETENTION: '30d' })).toThrow(
      /HISTORY_ROLLUP_RETENTION: must be at least HISTORY_RETENTION, which is 400 days/,
    );
    expect(() => read({ HISTORY_ROLLUP_RETENTION: '30d' })).toThrow(/which is unset \(for ever\)/);
  });

  it('takes QuestDB over http(s) only', () => {
    expect(read({ QUESTDB_URL: 'http://questdb:9000/' }).questDbUrl).toBe('http://questdb:9000');
    expect(() => read({ QUESTDB_URL: 'postgres://questdb:8812' })).toThrow(/QUESTDB_URL/);
  });

  it('takes a QuestDB table name that needs no quoting', () => {
    expect(read({ QUESTDB_TABLE: 'plant_2_history' }).questDbTable).toBe('plant_2_history');
    expect(() => read({ QUESTDB_TABLE: 'a b' })).toThrow(/QUESTDB_TABLE/);
    expect(() => read({ QUESTDB_TABLE: "x'; DROP TABLE y; --" })).toThrow(/QUESTDB_TABLE/);
    expect(read({ QUESTDB_TABLE: 'h'.repeat(115) }).questDbTable).toHaveLength(115);
    expect(() => read({ QUESTDB_TABLE: 'h'.repeat(116) })).toThrow(/up to 114 letters/);
  });

  it('speaks MQTT 5 unless told 3.1.1, for a broker without MQTT 5', () => {
    expect(read({ MQTT_VERSION: '3.1.1' }).mqttVersion).toBe('3.1.1');
    expect(() => read({ MQTT_VERSION: '4' })).toThrow(/MQTT_VERSION: must be 5 or 3.1.1/);
  });

  it('refuses a client id the broker would reject', () => {
    expect(read({ MQTT_CLIENT_ID: 'history-2' }).mqttClientId).toBe('history-2');
    expect(() => read({ MQTT_CLIENT_ID: 'a b' })).toThrow(/MQTT_CLIENT_ID/);
    expect(() => read({ MQTT_CLIENT_ID: 'x'.repeat(65) })).toThrow(/MQTT_CLIENT_ID/);
  });

  it('takes a share group that fits in a shared subscription topic', () => {
    expect(read({ MQTT_SHARE_GROUP: 'history' }).mqttShareGroup).toBe('history');
    expect(() => read({ MQTT_SHARE_GROUP: 'a/b' })).toThrow(/MQTT_SHARE_GROUP: must be up to 64 letters/);
    expect(() => read({ MQTT_SHARE_GROUP: '#' })).toThrow(/MQTT_SHARE_GROUP/);
  });

  it('refuses a buffer too small to hold one controller event', () => {
    expect(read({ HISTORY_BUFFER_VALUES: '2000000' }).bufferValues).toBe(2_000_000);
    expect(() => read({ HISTORY_BUFFER_VALUES: '10' })).toThrow(/HISTORY_BUFFER_VALUES: must be an integer from 1000/);
  });
});
