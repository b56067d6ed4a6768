import type { Profile } from '@eventcast/automation-model';
import { planWords, standingWords } from './profile-words';

const DAY = 86_400;
const ale: Profile = {
  namespace: 'svc-automation:profiles',
  id: 'profile-ale',
  title: 'Ale',
  serviceId: 'cellar',
  blockId: 'Beer setpoint',
  steps: [
    { type: 'hold', setting: { value: 20, unit: 'degC' }, durationS: 7 * DAY },
    { type: 'ramp', setting: { value: 22, unit: 'degC' }, durationS: 2 * DAY },
    { type: 'hold', setting: { value: 2, unit: 'degC' }, durationS: 2 * DAY },
  ],
};
const START = Date.UTC(2026, 10, 1, 8, 0);

describe(planWords.name, () => {
  it("says each step in the user's unit", () => {
    expect(planWords(ale, 'degF')).toBe(
      'Hold 68.00 °F for 7 d, then ramp to 71.60 °F over 2 d, then hold 35.60 °F for 2 d.',
    );
  });
});

describe(standingWords.name, () => {
  const started = { ...ale, startedAt: new Date(START).toISOString() };

  it('says where a running profile stands: its step and its setting now', () => {
    expect(standingWords(ale, 'degC', START)).toBe('Stopped');
    expect(standingWords(started, 'degC', START + 8 * DAY * 1000)).toBe('Step 2 of 3: 21.00 °C now');
    expect(standingWords(started, 'degC', START + 20 * DAY * 1000)).toBe('Done: holds 2.00 °C');
  });
});
