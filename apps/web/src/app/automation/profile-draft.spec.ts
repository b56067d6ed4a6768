import type { Profile } from '@eventcast/automation-model';
import { newProfileDraft, plannedIn, profileDraftOf, profileOf } from './profile-draft';

const NOW = Date.UTC(2026, 10, 29, 8, 0);

describe(profileOf.name, () => {
  it('makes a profile with the settings in the unit they were typed in and days as seconds', () => {
    const draft = {
      ...newProfileDraft(),
      title: ' Ale ',
      serviceId: ' cellar ',
      blockId: 'Beer setpoint',
      steps: [
        { type: 'hold' as const, setting: '68', days: '7' },
        { type: 'ramp' as const, setting: '71.6', days: '0.5' },
      ],
    };
    expect(profileOf(draft, 'degF', NOW)).toEqual({
      namespace: 'svc-automation:profiles',
      id: `profile-Ale-${NOW.toString(36)}`,
      title: 'Ale',
      serviceId: 'cellar',
      blockId: 'Beer setpoint',
      steps: [
        { type: 'hold', setting: { value: 68, unit: 'degF' }, durationS: 604_800 },
        { type: 'ramp', setting: { value: 71.6, unit: 'degF' }, durationS: 43_200 },
      ],
    });
  });

  it('sends an empty or wrong number as null, for the service to name', () => {
    const draft = { ...newProfileDraft(), steps: [{ type: 'hold' as const, setting: 'warm', days: '' }] };
    const sent = JSON.parse(JSON.stringify(profileOf(draft, 'degC', NOW))) as Profile;
    expect(sent.steps).toEqual([{ type: 'hold', setting: { value: null, unit: 'degC' }, durationS: null }]);
  });
});

describe(profileDraftOf.name, () => {
  const running: Profile = {
    namespace: 'svc-automation:profiles',
    id: 'profile-ale',
    title: 'Ale',
    serviceId: 'cellar',
    blockId: 'Beer setpoint',
    steps: [{ type: 'hold', setting: { value: 20, unit: 'degC' }, durationS: 2 * 86_400 }],
    startedAt: '2026-11-28T08:00:00.000Z',
  };

  it("shows the settings in the user's unit and keeps a running profile's start when saved again", () => {
    const draft = profileDraftOf(running, 'degF');
    expect(draft.steps).toEqual([{ type: 'hold', setting: '68', days: '2' }]);
    expect(profileOf(draft, 'degF', NOW)).toMatchObject({ id: 'profile-ale', startedAt: running.startedAt });
  });
});

describe(plannedIn.name, () => {
  it("gives a planned setting in the user's unit", () => {
    expect(plannedIn(20, 'degF')).toBeCloseTo(68);
    expect(plannedIn(20, 'degC')).toBe(20);
  });
});
