/** Example bodies and answers of the controller routes, for the OpenAPI document. */
export const EXAMPLES = {
  remove: { serviceId: 'cellar' },
  removeAnswer: { removed: 'cellar' },
};
