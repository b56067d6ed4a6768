/** Example bodies and answers of the profile routes, for the OpenAPI document. */
export const PROFILE_EXAMPLES = {
  start: { id: 'ale', at: '2026-03-01T08:00:00Z' },
  ref: { id: 'ale' },
  started: {
    value: {
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
      startedAt: '2026-03-01T08:00:00.000Z',
    },
  },
  plan: {
    id: 'ale',
    unit: 'degC',
    startedAt: '2026-03-01T08:00:00.000Z',
    points: [
      { atMs: 1772352000000, setting: 20 },
      { atMs: 1772956800000, setting: 20 },
      { atMs: 1773129600000, setting: 22 },
      { atMs: 1773129600000, setting: 2 },
      { atMs: 1773388800000, setting: 2 },
    ],
  },
};
