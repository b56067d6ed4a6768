import type { Incident } from '@eventcast/automation-model';
import { acknowledgement, incidentSpan, spanText } from './incident-words';

const time = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const incident: Incident = {
  id: 'i-1',
  ruleId: 'beer-too-warm',
  ruleTitle: 'Beer too warm',
  openedAt: '2026-11-26T02:10:00Z',
  subject: 'fermenter/Beer/value[degC]',
  message: 'fermenter/Beer/value[degC] is 23.4, above 22',
};

describe(incidentSpan.name, () => {
  it('says since when an open incident is open, and for how long', () => {
    expect(incidentSpan(incident, Date.parse('2026-11-26T02:22:20Z'), time)).toBe('Open since 02:10 (12 min)');
  });

  it('says when a closed incident opened and closed, and how long it lasted', () => {
    const closed = { ...incident, closedAt: '2026-11-26T03:40:00Z' };
    expect(incidentSpan(closed, Date.now(), time)).toBe('Opened 02:10, closed 03:40, after 1 h 30 min');
  });
});

describe(acknowledgement.name, () => {
  it('names who acknowledged the incident and when', () => {
    const acknowledged = { ...incident, acknowledgedAt: '2026-11-26T02:15:00Z', acknowledgedBy: 'Anna' };
    expect(acknowledgement(acknowledged, time)).toBe('Acknowledged by Anna, 02:15');
  });

  it('says that nobody acknowledged it yet', () => {
    expect(acknowledgement(incident, time)).toBe('Not acknowledged');
  });
});

describe(spanText.name, () => {
  it('counts seconds under a minute and rounds to the minute above', () => {
    expect(spanText(42_400)).toBe('42 s');
    expect(spanText(89_000)).toBe('1 min');
    expect(spanText(91_000)).toBe('2 min');
  });
});
