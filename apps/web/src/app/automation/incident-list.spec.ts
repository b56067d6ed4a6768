import type { Incident } from '@eventcast/automation-model';
import { incidentState, INCIDENTS_SHOWN, openFirst, withIncidentEvent } from './incident-list';

const incident = (id: string, openedAt: string, more: Partial<Incident> = {}): Incident => ({
  id,
  ruleId: 'beer-too-warm',
  ruleTitle: 'Beer too warm',
  openedAt,
  subject: 'fermenter/Beer/value[degC]',
  message: 'fermenter/Beer/value[degC] is 23.4, above 22',
  ...more,
});

describe(withIncidentEvent.name, () => {
  const older = incident('a', '2026-11-26T01:00:00Z');
  const newer = incident('b', '2026-11-26T02:00:00Z');

  it('lists an incident that opens first, before older ones', () => {
    const opened = incident('c', '2026-11-26T03:00:00Z');
    expect(withIncidentEvent([newer, older], { type: 'opened', incident: opened }).map(({ id }) => id)).toEqual([
      'c',
      'b',
      'a',
    ]);
  });

  it('replaces a listed incident where it was when it closes or is acknowledged', () => {
    const closed = { ...older, closedAt: '2026-11-26T04:00:00Z' };
    const after = withIncidentEvent([newer, older], { type: 'closed', incident: closed });
    expect(after).toEqual([newer, closed]);
  });

  it(`keeps the ${INCIDENTS_SHOWN} newest`, () => {
    const many = Array.from({ length: INCIDENTS_SHOWN }, (_, index) =>
      incident(`old-${index}`, new Date(Date.UTC(2026, 0, 1, 0, INCIDENTS_SHOWN - index)).toISOString()),
    );
    const after = withIncidentEvent(many, { type: 'opened', incident: newer });
    expect(after).toHaveLength(INCIDENTS_SHOWN);
    expect(after[0]).toBe(newer);
    expect(after.some(({ id }) => id === `old-${INCIDENTS_SHOWN - 1}`)).toBe(false);
  });
});

describe(incidentState.name, () => {
  it('reads open, acknowledged while still open, and closed', () => {
    const open = incident('a', '2026-11-26T01:00:00Z');
    const acknowledged = { ...open, acknowledgedAt: '2026-11-26T01:05:00Z', acknowledgedBy: 'Anna' };
    expect(incidentState(open)).toBe('open');
    expect(incidentState(acknowledged)).toBe('acknowledged');
    expect(incidentState({ ...acknowledged, closedAt: '2026-11-26T01:10:00Z' })).toBe('closed');
  });
});

describe(openFirst.name, () => {
  it('puts the open incidents before the closed ones, each newest first', () => {
    const closedNewest = incident('c', '2026-11-26T03:00:00Z', { closedAt: '2026-11-26T03:10:00Z' });
    const open = incident('b', '2026-11-26T02:00:00Z');
    const closedOld = incident('a', '2026-11-26T01:00:00Z', { closedAt: '2026-11-26T01:10:00Z' });
    expect(openFirst([closedNewest, open, closedOld]).map(({ id }) => id)).toEqual(['b', 'c', 'a']);
  });
});
