import { quickActionId, quickActionsOf, type BlockPatch } from './quick-action';

const beer: BlockPatch = {
  serviceId: 'fermenter',
  id: 'Beer setpoint',
  type: 'SetpointSensorPair',
  data: { enabled: true },
};

describe('quick action documents', () => {
  it('make an id of the name and list the documents that are quick actions, by name', () => {
    expect(quickActionId('Cold crash!', 36)).toBe('action-Cold-crash-10');
    const actions = quickActionsOf([
      { namespace: 'svc-ui-store:quick-actions', id: 'b', name: 'b', patches: [beer] },
      { namespace: 'svc-ui-store:quick-actions', id: 'odd', name: 'odd', patches: [{ id: 'x' }] },
      { namespace: 'svc-ui-store:quick-actions', id: 'none', name: 'none' },
      { namespace: 'svc-ui-store:quick-actions', id: 'a', name: 'A', patches: [] },
    ]);
    expect(actions.map(({ id }) => id)).toEqual(['a', 'b']);
  });
});
