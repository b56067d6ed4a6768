import { brewSessionsOf, newBrewSession, sessionFields, sessionGraphQuery, sessionSpan } from './brew-sessions';
import { parseViewState } from './view-state';

const fields = [{ name: 'fermenter/Beer/value[degC]', label: 'Beer', colour: '#1f77b4' }];

describe('a brew session', () => {
  it('keeps its name, its start and its graph fields, and runs until it is ended', () => {
    const session = newBrewSession('Brew 12: IPA', Date.UTC(2026, 10, 20), fields, 1);
    expect(session).toMatchObject({ namespace: 'svc-ui-store', type: 'brew-session', name: 'Brew 12: IPA' });
    expect(session.id).toMatch(/^brew-Brew-12-IPA-/);
    expect(sessionFields(session)).toEqual(fields);
    expect(sessionSpan(session, Date.UTC(2026, 10, 21))).toEqual({
      from: Date.UTC(2026, 10, 20),
      to: Date.UTC(2026, 10, 21),
    });
    const ended = { ...session, end: '2026-11-27T00:00:00.000Z' };
    expect(sessionSpan(ended)).toEqual({ from: Date.UTC(2026, 10, 20), to: Date.UTC(2026, 10, 27) });
  });

  it('opens as the graph of its fields over its span', () => {
    const session = { ...newBrewSession('Lager', Date.UTC(2026, 10, 1), fields), end: '2026-11-02T00:00:00.000Z' };
    const view = parseViewState(sessionGraphQuery(session));
    expect(view.fields).toEqual(fields);
    expect(view.range).toEqual({ from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 10, 2) });
  });

  it('lists only sessions among the documents, the latest first', () => {
    const older = newBrewSession('Older', Date.UTC(2026, 0, 1), fields);
    const newer = newBrewSession('Newer', Date.UTC(2026, 5, 1), fields);
    const documents = [
      older,
      { type: 'history-view', name: 'x', query: '' },
      newer,
      { type: 'brew-session', name: 'Broken' },
    ];
    expect(brewSessionsOf(documents as unknown as Record<string, unknown>[]).map((one) => one.name)).toEqual([
      'Newer',
      'Older',
    ]);
  });
});
