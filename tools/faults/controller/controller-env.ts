import { FaultRun } from '../fault-case';

/** The controller's `SERVICE_ID` in every case. */
export const SERVICE_ID = 'faults';

/**
 * The variables of a controller on `brokerUrl` with a data folder of the case's own and no
 * datastore (nothing answers at its DATASTORE_URL), so its block API works from the device alone.
 */
export function controllerEnv(run: FaultRun, brokerUrl: string, extra: Record<string, string> = {}) {
  return {
    SERVICE_ID,
    MQTT_URL: brokerUrl,
    DATASTORE_URL: 'http://127.0.0.1:9',
    DATA_DIR: run.tempDir('controller'),
    ...extra,
  };
}
