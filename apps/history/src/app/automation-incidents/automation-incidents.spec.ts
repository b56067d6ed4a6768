import { AutomationIncidents } from './automation-incidents';

const incident = {
  id: 'k1-ab',
  ruleId: 'beer-too-warm',
  ruleTitle: 'Beer too warm',
  openedAt: '2026-11-28T10:00:00.000Z',
  subject: 'fermenter/Beer/value[degC]',
  message: 'fermenter/Beer/value[degC] is 23.1, above 22',
};

describe('the relay of the automation service incidents', () => {
  it('passes each incident event on, and passes over what is not one', () => {
    const relay = new AutomationIncidents();
    const heard: unknown[] = [];
    relay.followed();
    relay.listen((event) => heard.push(event));
    relay.receive(JSON.stringify({ type: 'opened', incident }));
    relay.receive('not json');
    relay.receive(JSON.stringify({ type: 'opened' }));
    expect(heard).toEqual([{ type: 'opened', incident }]);
  });
});
