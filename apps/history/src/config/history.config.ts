import {
  commonVariables,
  ConfigurationError,
  EnvironmentVariable,
  integerVariable,
  optionalTextVariable,
  optionalUrlVariable,
  readEnvironment,
  textVariable,
} from '@eventcast/bootstrap';
import { DAY_US } from '@eventcast/domain';
import { CLIENT_ID_EXPECTED, CLIENT_ID_PATTERN, installationClientId } from './installation-client-id';

const RETENTION_UNITS: Record<string, number> = { d: 1, w: 7, y: 365 };

/** How long values are kept, in whole days (`400d`, `8w`, `2y` of 365 days); unset: for ever. */
function retentionVariable(name: string): EnvironmentVariable<number | undefined> {
  return {
    name,
    parse(raw) {
      if (raw === undefined) return undefined;
      const match = /^\s*(\d{1,6})\s*([dwy])\s*$/.exec(raw);
      const days = match ? Number(match[1]) * RETENTION_UNITS[match[2]] : 0;
      if (days < 1 || days > 36_500)
        throw new Error('must be a whole number of days, weeks or years (400d, 8w, 2y), 1 day to 100 years');
      return days * DAY_US;
    },
  };
}

const historyVariables = {
  ...commonVariables(5001),
  questDbUrl: optionalUrlVariable('QUESTDB_URL', ['http', 'https']),
  questDbTable: textVariable(
    'QUESTDB_TABLE',
    'history_values',
    /^[A-Za-z_][A-Za-z0-9_]{0,114}$/,
    'a letter or _ then up to 114 letters, digits or _ (the annotations add _annotations, the views _1m and _1h)',
  ),
  mqttClientId: optionalTextVariable('MQTT_CLIENT_ID', CLIENT_ID_PATTERN, CLIENT_ID_EXPECTED),
  mqttVersion: textVariable('MQTT_VERSION', '5', /^(5|3\.1\.1)$/, '5 or 3.1.1'),
  mqttShareGroup: optionalTextVariable('MQTT_SHARE_GROUP', /^[\w\-.]{1,64}$/, 'up to 64 letters, digits, _ - or .'),
  bufferValues: integerVariable('HISTORY_BUFFER_VALUES', 500_000, 1_000, 100_000_000),
  spoolMaxBytes: integerVariable('HISTORY_SPOOL_MAX_BYTES', 0, 0, Number.MAX_SAFE_INTEGER),
  spoolSyncMs: integerVariable('HISTORY_SPOOL_SYNC_MS', 200, 0, 60_000),
  maxEventBytes: integerVariable('HISTORY_MAX_EVENT_BYTES', 1024 * 1024, 1024, 16 * 1024 * 1024),
  retentionUs: retentionVariable('HISTORY_RETENTION'),
  rollupRetentionUs: retentionVariable('HISTORY_ROLLUP_RETENTION'),
};

/** The history service's configuration, read once at start-up. */
export type HistoryConfig = ReturnType<typeof readHistoryConfig>;
/** Injection token of `HistoryConfig`. */
export const HistoryConfig = Symbol('HistoryConfig');

/**
 * Reads and checks the history service's variables. Without `MQTT_CLIENT_ID`, the client id is the
 * installation's own, stored in `DATA_DIR` on the first start (`installationClientId`).
 */
export function readHistoryConfig(source: Record<string, string | undefined> = process.env) {
  const config = readEnvironment(historyVariables, source);
  if (config.rollupRetentionUs !== undefined && !(config.rollupRetentionUs >= (config.retentionUs ?? Infinity))) {
    throw new ConfigurationError([
      'HISTORY_ROLLUP_RETENTION: must be at least HISTORY_RETENTION, which is ' +
        `${config.retentionUs === undefined ? 'unset (for ever)' : `${config.retentionUs / DAY_US} days`}: rollups outlive the raw points`,
    ]);
  }
  return { ...config, mqttClientId: config.mqttClientId ?? installationClientId(config.dataDir) };
}
