import {
  commonVariables,
  integerVariable,
  optionalTextVariable,
  optionalUrlVariable,
  readEnvironment,
  textVariable,
} from '@eventcast/bootstrap';

const historyVariables = {
  ...commonVariables(5001),
  questDbUrl: optionalUrlVariable('QUESTDB_URL', ['http', 'https']),
  questDbTable: textVariable(
    'QUESTDB_TABLE',
    'history_values',
    /^[A-Za-z_][A-Za-z0-9_]{0,126}$/,
    'a letter or _ then up to 126 letters, digits or _',
  ),
  mqttClientId: textVariable(
    'MQTT_CLIENT_ID',
    'eventcast-history',
    /^[\w\-.]{1,64}$/,
    'up to 64 letters, digits, _ - or .',
  ),
  mqttVersion: textVariable('MQTT_VERSION', '5', /^(5|3\.1\.1)$/, '5 or 3.1.1'),
  mqttShareGroup: optionalTextVariable('MQTT_SHARE_GROUP', /^[\w\-.]{1,64}$/, 'up to 64 letters, digits, _ - or .'),
  bufferValues: integerVariable('HISTORY_BUFFER_VALUES', 500_000, 1_000, 100_000_000),
  spoolMaxBytes: integerVariable('HISTORY_SPOOL_MAX_BYTES', 0, 0, Number.MAX_SAFE_INTEGER),
  spoolSyncMs: integerVariable('HISTORY_SPOOL_SYNC_MS', 200, 0, 60_000),
  maxEventBytes: integerVariable('HISTORY_MAX_EVENT_BYTES', 1024 * 1024, 1024, 16 * 1024 * 1024),
};

/** The history service's configuration, read once at start-up. */
export type HistoryConfig = ReturnType<typeof readHistoryConfig>;
/** Injection token of `HistoryConfig`. */
export const HistoryConfig = Symbol('HistoryConfig');

export function readHistoryConfig(source: Record<string, string | undefined> = process.env) {
  return readEnvironment(historyVariables, source);
}
