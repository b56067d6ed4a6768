import {
  incidentsTopic,
  notificationsTopic,
  BLOCK_OPERATIONS,
  blockTopic,
  DATASTORE_TOPIC,
  datastoreTopic,
  HISTORY_SUBSCRIPTION,
  HISTORY_TOPIC,
  historySubscription,
  historyTopic,
  stateTopic,
  statePatchTopic,
  TOPIC_ROOT,
} from './topics';

describe(historyTopic.name, () => {
  it('puts the history events of a service below eventcast/history, inside the history subscription', () => {
    expect(TOPIC_ROOT).toBe('eventcast');
    expect(HISTORY_TOPIC).toBe('eventcast/history');
    expect(HISTORY_SUBSCRIPTION).toBe('eventcast/history/#');
    expect(historyTopic('controller-1')).toBe('eventcast/history/controller-1');
  });
});

describe(historySubscription.name, () => {
  it('subscribes to every history topic, or shares them in a group when one is named', () => {
    expect(historySubscription()).toBe('eventcast/history/#');
    expect(historySubscription('history-group')).toBe('$share/history-group/eventcast/history/#');
  });
});

describe(datastoreTopic.name, () => {
  it('announces datastore changes on eventcast/datastore/<top-level namespace>', () => {
    expect(datastoreTopic('svc-global')).toBe('eventcast/datastore/svc-global');
  });

  it('announces changes in the empty namespace on the base topic', () => {
    expect(DATASTORE_TOPIC).toBe('eventcast/datastore');
    expect(datastoreTopic('')).toBe('eventcast/datastore');
  });
});

describe(blockTopic.name, () => {
  it('takes each block operation on eventcast/controller/blocks/<operation>', () => {
    expect(BLOCK_OPERATIONS.map(blockTopic)).toEqual([
      'eventcast/controller/blocks/create',
      'eventcast/controller/blocks/write',
      'eventcast/controller/blocks/patch',
      'eventcast/controller/blocks/delete',
    ]);
  });
});

describe(stateTopic.name, () => {
  it('publishes the state of a controller on eventcast/state/<service id>', () => {
    expect(stateTopic('controller-1')).toBe('eventcast/state/controller-1');
  });
});

describe(statePatchTopic.name, () => {
  it('publishes the block changes of a controller on eventcast/state/<service id>/patch', () => {
    expect(statePatchTopic('controller-1')).toBe('eventcast/state/controller-1/patch');
  });
});

describe(notificationsTopic.name, () => {
  it("sends a rule's MQTT notifications on eventcast/automation/notifications/<rule id>", () => {
    expect(notificationsTopic('fridge-warm')).toBe('eventcast/automation/notifications/fridge-warm');
  });
});

describe(incidentsTopic.name, () => {
  it('announces the incidents of a rule on eventcast/automation/incidents/<rule id>', () => {
    expect(incidentsTopic('fridge-warm')).toBe('eventcast/automation/incidents/fridge-warm');
  });
});
