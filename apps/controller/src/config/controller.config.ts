import {
  commonVariables,
  integerVariable,
  optionalTokenVariable,
  readEnvironment,
  textVariable,
  urlVariable,
} from '@eventcast/bootstrap';
import { parseFridgeSettings } from '../infra/device/simulation/fridge-settings';

const controllerVariables = {
  ...commonVariables(5000),
  serviceId: textVariable(
    'SERVICE_ID',
    'controller-1',
    /^[a-z0-9][a-z0-9_-]{0,62}$/,
    'lower-case letters, digits, _ or - (at most 63), starting with a letter or digit',
  ),
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
