/** The profile of the examples: 20 °C for a week, up to 22 °C over two days, then 2 °C for three days. */
const ALE = {
  namespace: 'svc-automation:profiles',
  id: 'ale',
  title: 'Ale',
  serviceId: 'controller-1',
  blockId: 'Beer setpoint',
  steps: [
    { type: 'hold', setting: { value: 20, unit: 'degC' }, durationS: 604800 },
    { type: 'ramp', setting: { value: 22, unit: 'degC' }, durationS: 172800 },
    { type: 'hold', setting: { value: 2, unit: 'degC' }, durationS: 259200 },
  ],
};
const STARTED_AT = '2026-03-01T08:00:00.000Z';

/** Example bodies and answers of the profile routes, for the OpenAPI document. */
export const PROFILE_EXAMPLES = {
  start: { id: 'ale', at: '2026-03-01T08:00:00Z' },
  ref: { id: 'ale' },
  save: { value: ALE },
  refused: {
    message: [
      'blockId: block Heater PWM is of type ActuatorPwm, not SetpointSensorPair: a profile drives a setpoint',
      'steps[0].type: the first step must be a hold: a ramp needs a setting to start from',
    ],
  },
  started: { value: { ...ALE, startedAt: STARTED_AT } },
  /** A day into the ramp. */
  list: { values: [{ ...ALE, startedAt: STARTED_AT, running: true, plannedSetting: 21 }] },
  plan: {
    id: 'ale',
    unit: 'degC',
    startedAt: STARTED_AT,
    points: [
      { atMs: 1772352000000, setting: 20 },
      { atMs: 1772956800000, setting: 20 },
      { atMs: 1773129600000, setting: 22 },
      { atMs: 1773129600000, setting: 2 },
      { atMs: 1773388800000, setting: 2 },
    ],
  },
};
