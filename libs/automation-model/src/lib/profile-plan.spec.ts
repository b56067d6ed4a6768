import { Profile, PROFILES_NAMESPACE, ProfileStep } from './automation.types';
import { nextChangeAt, plannedLine, settingAt } from './profile-plan';

const START = Date.parse('2026-03-01T08:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Hold 20 °C for 7 days, rise to 22 °C over 2 days, cold crash to 2 °C (issue 40's schedule). */
const ale: ProfileStep[] = [
  { type: 'hold', setting: { value: 20, unit: 'degC' }, durationS: 7 * 86_400 },
  { type: 'ramp', setting: { value: 22, unit: 'degC' }, durationS: 2 * 86_400 },
  { type: 'hold', setting: { value: 2, unit: 'degC' }, durationS: 3 * 86_400 },
];

/** A profile of `steps` started at START, or stopped when `startedAt` is null. */
function profile(steps: ProfileStep[], startedAt: string | null = new Date(START).toISOString()): Profile {
  return {
    namespace: PROFILES_NAMESPACE,
    id: 'ale',
    title: 'Ale',
    serviceId: 'c1',
    blockId: 'Beer setpoint',
    steps,
    ...(startedAt !== null && { startedAt }),
  };
}

describe('settingAt', () => {
  it('holds the first setting from the start until the first step ends', () => {
    expect(settingAt(profile(ale), START)).toEqual({ setting: 20, stepIndex: 0, done: false });
    expect(settingAt(profile(ale), START + 7 * DAY - 1)).toEqual({ setting: 20, stepIndex: 0, done: false });
  });

  it('ramps in a straight line from the previous step’s setting to its own', () => {
    expect(settingAt(profile(ale), START + 7 * DAY)).toEqual({ setting: 20, stepIndex: 1, done: false });
    expect(settingAt(profile(ale), START + 8 * DAY)).toEqual({ setting: 21, stepIndex: 1, done: false });
    expect(settingAt(profile(ale), START + 8.5 * DAY)?.setting).toBeCloseTo(21.5, 10);
  });

  it('jumps to a hold’s setting when the hold begins', () => {
    expect(settingAt(profile(ale), START + 9 * DAY)).toEqual({ setting: 2, stepIndex: 2, done: false });
  });

  it('gives the first setting before the start and the last one, done, after the end', () => {
    expect(settingAt(profile(ale), START - HOUR)).toEqual({ setting: 20, stepIndex: 0, done: false });
    expect(settingAt(profile(ale), START + 12 * DAY)).toEqual({ setting: 2, stepIndex: 2, done: true });
    expect(settingAt(profile(ale), START + 400 * DAY)).toEqual({ setting: 2, stepIndex: 2, done: true });
  });

  it('converts settings in degF to degC, a ramp between them included', () => {
    const steps: ProfileStep[] = [
      { type: 'hold', setting: { value: 68, unit: 'degF' }, durationS: 3600 },
      { type: 'ramp', setting: { value: 50, unit: 'degF' }, durationS: 3600 },
    ];
    expect(settingAt(profile(steps), START)?.setting).toBeCloseTo(20, 10);
    expect(settingAt(profile(steps), START + 1.5 * HOUR)?.setting).toBeCloseTo(15, 10);
  });

  it('takes a setting without a unit in degC and holds a first ramp at its own setting', () => {
    const steps: ProfileStep[] = [{ type: 'ramp', setting: { value: 18 }, durationS: 3600 }];
    expect(settingAt(profile(steps), START + HOUR / 2)).toEqual({ setting: 18, stepIndex: 0, done: false });
  });

  it('passes over a step of no duration', () => {
    const steps: ProfileStep[] = [
      { type: 'hold', setting: { value: 20 }, durationS: 3600 },
      { type: 'hold', setting: { value: 10 }, durationS: 0 },
      { type: 'ramp', setting: { value: 30 }, durationS: 3600 },
    ];
    expect(settingAt(profile(steps), START + HOUR)).toEqual({ setting: 10, stepIndex: 2, done: false });
    expect(settingAt(profile(steps), START + 1.5 * HOUR)?.setting).toBeCloseTo(20, 10);
  });

  it('has no setting for a stopped profile, one without steps or one whose setting is no temperature', () => {
    expect(settingAt(profile(ale, null), START)).toBeUndefined();
    expect(settingAt(profile([]), START)).toBeUndefined();
    expect(
      settingAt(profile([{ type: 'hold', setting: { value: 5, unit: '%' }, durationS: 60 }]), START),
    ).toBeUndefined();
  });
});

describe('plannedLine', () => {
  it('gives the corners of the line from startedAt, two at a jump', () => {
    expect(plannedLine(profile(ale))).toEqual([
      { atMs: START, setting: 20 },
      { atMs: START + 7 * DAY, setting: 20 },
      { atMs: START + 9 * DAY, setting: 22 },
      { atMs: START + 9 * DAY, setting: 2 },
      { atMs: START + 12 * DAY, setting: 2 },
    ]);
  });

  it('draws a stopped profile from the start it is given, or from 0', () => {
    const stopped = profile(ale, null);
    expect(plannedLine(stopped, 1000)[1]).toEqual({ atMs: 1000 + 7 * DAY, setting: 20 });
    expect(plannedLine(stopped)[0]).toEqual({ atMs: 0, setting: 20 });
  });

  it('agrees with settingAt at every corner', () => {
    const line = plannedLine(profile(ale));
    for (const [index, point] of line.entries()) {
      const next = line[index + 1];
      // At a jump the setting at that moment is the one after it.
      if (next?.atMs === point.atMs) continue;
      expect(settingAt(profile(ale), point.atMs)?.setting).toBeCloseTo(point.setting, 10);
    }
  });

  it('is empty for a profile it cannot plan', () => {
    expect(plannedLine(profile([]))).toEqual([]);
  });
});

describe('nextChangeAt', () => {
  it('waits for the next step during a hold', () => {
    expect(nextChangeAt(profile(ale), START + HOUR, 0.05)).toBe(START + 7 * DAY);
  });

  it('wakes when a ramp has moved by the tolerance, and no later than its end', () => {
    // 2 °C over 2 days: 0.05 °C every 1.2 h.
    expect(nextChangeAt(profile(ale), START + 7 * DAY, 0.05)).toBe(START + 7 * DAY + 1.2 * HOUR);
    expect(nextChangeAt(profile(ale), START + 9 * DAY - HOUR, 0.05)).toBe(START + 9 * DAY);
  });

  it('names the start before it and nothing once the profile is done or stopped', () => {
    expect(nextChangeAt(profile(ale), START - HOUR, 0.05)).toBe(START);
    expect(nextChangeAt(profile(ale), START + 12 * DAY, 0.05)).toBeUndefined();
    expect(nextChangeAt(profile(ale, null), START, 0.05)).toBeUndefined();
  });
});
