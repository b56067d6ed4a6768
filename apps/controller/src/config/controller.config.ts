import {
  commonVariables,
  integerVariable,
  optionalTokenVariable,
  readEnvironment,
  textVariable,
  urlVariable,
} from '@eventcast/bootstrap';
import { SERVICE_ID_PATTERN, SERVICE_ID_RULE } from '@eventcast/domain';
import { parseFridgeSettings } from '../infra/device/simulation/fridge-settings';

const controllerVariables = {
  ...commonVariables(5000),
  serviceId: textVariable('SERVICE_ID', 'controller-1', SERVICE_ID_PATTERN, SERVICE_ID_RULE),
  datastoreUrl: urlVariable('DATASTORE_URL', 'http://localhost:5002', ['http', 'https']),
  /** The datastore's API token (its `API_TOKEN`), when it has one. */
  datastoreApiToken: optionalTokenVariable('DATASTORE_API_TOKEN'),
  broadcastIntervalMs: integerVariable('BROADCAST_INTERVAL_MS', 5000, 100, 3_600_000),
  /** How many times faster than real time the simulated device's time passes. */
  simSpeed: integerVariable('SIM_SPEED', 1, 1, 3600),
  /** The thermal model of a fridge that the simulated device's sensors and actuators are part of. */
  simFridge: { name: 'SIM_FRIDGE', parse: parseFridgeSettings },
};

/** The controller service's configuration, read once at start-up. */
export type ControllerConfig = ReturnType<typeof readControllerConfig>;
/** Injection token of `ControllerConfig`. */
export const ControllerConfig = Symbol('ControllerConfig');

export function readControllerConfig(source: Record<string, string | undefined> = process.env) {
  return readEnvironment(controllerVariables, source);
}
