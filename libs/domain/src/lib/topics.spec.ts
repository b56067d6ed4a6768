import { blockTopic, datastoreTopic, HISTORY_SUBSCRIPTION, historyTopic, stateTopic, statePatchTopic } from './topics';

describe('topics', () => {
  it('puts history events below eventcast/history, where the history service subscribes', () => {
    expect(HISTORY_SUBSCRIPTION).toBe('eventcast/history/#');
    expect(historyTopic('controller-1')).toBe('eventcast/history/controller-1');
  });

  it('announces datastore changes per top-level namespace, the empty one on the base topic', () => {
    expect(datastoreTopic('svc-global')).toBe('eventcast/datastore/svc-global');
    expect(datastoreTopic('')).toBe('eventcast/datastore');
  });

  it('takes block operations on eventcast/controller/blocks/<operation>', () => {
    expect(['create', 'write', 'patch', 'delete'].map((op) => blockTopic(op as never))).toEqual([
      'eventcast/controller/blocks/create',
      'eventcast/controller/blocks/write',
      'eventcast/controller/blocks/patch',
      'eventcast/controller/blocks/delete',
    ]);
  });

  it('publishes controller state on eventcast/state/<id> and block changes below it', () => {
    expect(stateTopic('controller-1')).toBe('eventcast/state/controller-1');
    expect(statePatchTopic('controller-1')).toBe('eventcast/state/controller-1/patch');
  });
});
