import { AutomationContext } from './automation-context';
import { PROFILES_NAMESPACE, RULES_NAMESPACE } from './automation.types';

/** History fields the fake live view knows. */
export const BEER_TEMPERATURE = 'fermenter/Beer setpoint/value[degC]';
export const HEATER_DUTY = 'fermenter/Heater/duty';

/** Blocks of the one controller, `fermenter`, that the fake live view knows. */
const BLOCKS: Readonly<Record<string, string>> = {
  'Beer setpoint': 'SetpointSensorPair',
  'Beer sensor': 'TempSensorOneWire',
  'Heater PWM': 'ActuatorPwm',
  'Heater PID': 'Pid',
};

/** A live view of one controller `fermenter`, two fields, the profile `lager` and the quick action `cool-down`. */
export const liveView: AutomationContext = {
  knownField: (field) => field === BEER_TEMPERATURE || field === HEATER_DUTY,
  blockType: (serviceId, blockId) => (serviceId === 'fermenter' ? BLOCKS[blockId] : undefined),
  knownController: (serviceId) => serviceId === 'fermenter',
  knownProfile: (id) => id === 'lager',
  knownQuickAction: (id) => id === 'cool-down',
};

/** A rule that can be saved: the beer above 22 °C for ten minutes shows in the web app. */
export function aRule(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    namespace: RULES_NAMESPACE,
    id: 'beer-warm',
    title: 'Beer too warm',
    enabled: true,
    trigger: {
      type: 'threshold',
      field: BEER_TEMPERATURE,
      when: 'above',
      threshold: { value: 22, unit: 'degC' },
      hysteresis: { value: 0.5 },
      forS: 600,
    },
    actions: [{ type: 'web' }],
    ...changes,
  };
}

/** The rule of `aRule` with another trigger. */
export function withTrigger(trigger: unknown): Record<string, unknown> {
  return aRule({ trigger });
}

/** The rule of `aRule` with one action. */
export function withAction(action: unknown): Record<string, unknown> {
  return aRule({ actions: [action] });
}

/** A profile that can be saved: 20 °C for a week, up to 22 °C over two days, a cold crash to 2 °C. */
export function aProfile(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    namespace: PROFILES_NAMESPACE,
    id: 'ale',
    title: 'Ale with a diacetyl rest',
    serviceId: 'fermenter',
    blockId: 'Beer setpoint',
    steps: [
      { type: 'hold', setting: { value: 20, unit: 'degC' }, durationS: 7 * 86_400 },
      { type: 'ramp', setting: { value: 71.6, unit: 'degF' }, durationS: 2 * 86_400 },
      { type: 'ramp', setting: { value: 2 }, durationS: 86_400 },
    ],
    ...changes,
  };
}
