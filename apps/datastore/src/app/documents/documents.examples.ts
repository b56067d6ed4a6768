/** Request and answer examples of the API page. */
const UNITS = { namespace: 'svc-global', id: 'units', temperature: 'degC' };
const SENSOR_META = {
  namespace: 'controller-service:controller-1',
  id: 'fridge-sensor',
  meta: { location: 'top shelf' },
};

export const EXAMPLES = {
  ref: { namespace: 'svc-global', id: 'units' },
  refAnswer: { value: UNITS },
  query: { namespace: 'controller-service:controller-1', ids: ['fridge-sensor'], filter: 'pid-*' },
  queryAnswer: { values: [SENSOR_META] },
  set: { value: UNITS },
  setAnswer: { value: UNITS },
  mset: { values: [UNITS, SENSOR_META] },
  msetAnswer: { values: [UNITS, SENSOR_META] },
  deleteAnswer: { count: 1 },
  mdelete: { namespace: 'controller-service:controller-1', filter: 'pid-*' },
  mdeleteAnswer: { count: 3 },
  namespaces: { prefix: 'controller-service:' },
  namespacesAnswer: {
    namespaces: [
      { namespace: 'controller-service:controller-1', count: 12 },
      { namespace: 'controller-service:controller-2', count: 7 },
    ],
    truncated: false,
  },
  invalid: {
    statusCode: 400,
    error: 'Bad Request',
    message: ['values.1.id must be letters, digits, _, -, . or ~, and not empty'],
  },
};
