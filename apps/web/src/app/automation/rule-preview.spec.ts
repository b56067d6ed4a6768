import { previewTrigger, type Rule } from '@eventcast/automation-model';
import { observationsOf, previewable, previewWords, scheduleWords } from './rule-preview';

const FIELD = 'fermenter/Beer/value[degF]';
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 26, 0, 0);
const time = (ms: number) => new Date(ms).toISOString().slice(11, 16);

describe(observationsOf.name, () => {
  it("merges a field's stored names in time order, converted to the unit it is shown in", () => {
    const observations = observationsOf(
      [
        { field: FIELD, values: [[T0 + 2 * MINUTE, 68]] },
        { field: 'fermenter/Beer/value[degC]', values: [[T0, 20]] },
      ],
      FIELD,
    );
    expect(observations).toEqual([
      { kind: 'value', field: FIELD, value: 68, atMs: T0 },
      { kind: 'value', field: FIELD, value: 68, atMs: T0 + 2 * MINUTE },
    ]);
  });
});

describe(previewWords.name, () => {
  it('lists when the rule would have fired and cleared', () => {
    const words = previewWords(
      [{ firedAtMs: T0 + 130 * MINUTE, clearedAtMs: T0 + 160 * MINUTE }, { firedAtMs: T0 + 300 * MINUTE }],
      time,
    );
    expect(words).toBe('Would have fired 2 times in the last 24 h: 02:10–02:40, 05:00 (still firing).');
  });

  it('says when it would not have fired', () => {
    expect(previewWords([], time)).toBe('Would not have fired in the last 24 h.');
  });
});

describe('the preview of a threshold rule over recorded values', () => {
  const rule: Rule = {
    namespace: 'svc-automation:rules',
    id: 'warm',
    title: 'Warm',
    enabled: true,
    trigger: {
      type: 'threshold',
      field: FIELD,
      when: 'above',
      threshold: { value: 72, unit: 'degF' },
      hysteresis: { value: 1, unit: 'degF' },
    },
    actions: [{ type: 'web' }],
  };

  it('fires once for a noisy crossing that the hysteresis holds', () => {
    const values = [70, 73, 71.5, 72.5, 71.2, 70.5, 70];
    const observations = observationsOf(
      [{ field: FIELD, values: values.map((value, index) => [T0 + index * MINUTE, value]) }],
      FIELD,
    );
    const incidents = previewTrigger(rule.trigger, observations, T0, T0 + 10 * MINUTE);
    expect(previewWords(incidents, time)).toBe('Would have fired once in the last 24 h: 00:01–00:05.');
  });

  it('is drawn only for a trigger with the numbers it needs', () => {
    expect(previewable(rule)).toBe(true);
    const trigger = { ...rule.trigger, threshold: { value: Number.NaN, unit: 'degF' } };
    expect(previewable({ ...rule, trigger } as Rule)).toBe(false);
    expect(previewable({ ...rule, trigger: { type: 'offline', serviceId: 'cellar' } })).toBe(false);
  });
});

describe(scheduleWords.name, () => {
  // Saturday 28 November 2026, 23:30 UTC: Sunday 00:30 in Amsterdam.
  const NOW = Date.UTC(2026, 10, 28, 23, 30);

  it('names the next three times on the clock of the time zone', () => {
    expect(scheduleWords({ type: 'schedule', cron: '0 8 * * 1', timeZone: 'Europe/Amsterdam' }, NOW)).toBe(
      'Fires next Mon 30 Nov, 08:00, then Mon 7 Dec, 08:00 and Mon 14 Dec, 08:00 (Europe/Amsterdam).',
    );
  });

  it('reads the clock of UTC when the schedule names no time zone', () => {
    expect(scheduleWords({ type: 'schedule', cron: '30 23 * * *' }, NOW)).toBe(
      'Fires next Sun 29 Nov, 23:30, then Mon 30 Nov, 23:30 and Tue 1 Dec, 23:30 (UTC).',
    );
  });

  it('says how to write one, and why one cannot run', () => {
    expect(scheduleWords({ type: 'schedule', cron: ' ' }, NOW)).toBe(
      'Give five fields, minute hour day month weekday: 0 8 * * 1 is Mondays at 8:00.',
    );
    expect(scheduleWords({ type: 'schedule', cron: '0 8 * * *', timeZone: 'Mars/Olympus' }, NOW)).toBe(
      'This schedule cannot run: time zone "Mars/Olympus" is not an IANA time zone.',
    );
    expect(scheduleWords({ type: 'schedule', cron: '0 25 * * *' }, NOW)).toMatch(/^This schedule cannot run: .*hour/);
  });
});
