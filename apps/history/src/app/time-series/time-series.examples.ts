/** Request and answer examples of the API page. */
export const EXAMPLES = {
  fields: { duration: '1d' },
  fieldsAnswer: ['controller-1/Sensor 1/value[degC]', 'controller-1/Setpoint 1/enabled'],
  ranges: { fields: ['controller-1/Sensor 1/value[degC]'], duration: '1h', points: 100 },
  rangesAnswer: [
    {
      field: 'controller-1/Sensor 1/value[degC]',
      values: [
        [1714564800000, 20.5],
        [1714564836000, 20.6],
      ],
    },
  ],
  metrics: { fields: ['controller-1/Sensor 1/value[degC]', 'controller-1/Setpoint 1/enabled'], duration: '10m' },
  metricsAnswer: [
    { field: 'controller-1/Sensor 1/value[degC]', value: 20.6, timestamp: '2024-05-01T12:00:05.123456Z' },
  ],
  csv: {
    fields: ['controller-1/Sensor 1/value[degC]', 'controller-1/Setpoint 1/enabled'],
    start: '2024-05-01T12:00:00Z',
    end: '2024-05-01T13:00:00Z',
    precision: 'ISO8601',
  },
  csvAnswer:
    'time,controller-1/Sensor 1/value[degC],controller-1/Setpoint 1/enabled\r\n2024-05-01T12:00:05.123456Z,20.6,1\r\n2024-05-01T12:00:10.000321Z,20.7,\r\n',
};
