import { incidentEventOf } from './incident-event';

const incident = {
  id: 'k1-ab',
  ruleId: 'beer-too-warm',
  ruleTitle: 'Beer too warm',
  openedAt: '2026-11-28T10:00:00.000Z',
  subject: 'fermenter/Beer/value[degC]',
  value: 23.1,
  message: 'fermenter/Beer/value[degC] is 23.1, above 22',
};

describe('reading an incident event', () => {
  it('takes an opened, closed or acknowledged incident', () => {
    for (const type of ['opened', 'closed', 'acknowledged'])
      expect(incidentEventOf({ type, incident })).toEqual({ type, incident });
  });

  it('passes over another type, a missing incident and an incident without its rule', () => {
    expect(incidentEventOf({ type: 'reopened', incident })).toBeUndefined();
    expect(incidentEventOf({ type: 'opened' })).toBeUndefined();
    expect(incidentEventOf({ type: 'opened', incident: { ...incident, ruleId: 3 } })).toBeUndefined();
    expect(incidentEventOf('opened')).toBeUndefined();
  });
});
