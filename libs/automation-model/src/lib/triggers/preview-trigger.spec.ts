import { HOUR_MS, MINUTE_MS } from '@eventcast/domain';
import { previewTrigger } from './preview-trigger';
import { Observation } from './trigger-watch.type';

const FIELD = 'fermenter/Beer/temp[degC]';
const DAY_START = Date.parse('2026-06-01T00:00:00Z');
const DAY_END = DAY_START + 24 * HOUR_MS;
const at = (hours: number, minutes = 0) => DAY_START + hours * HOUR_MS + minutes * MINUTE_MS;

/**
 * A recorded day, one value a minute: 20 °C with a 5-minute spike to 23 at 08:00, 23 from 12:00 to
 * 14:00, 21.8 until 15:00, 20 again, no values from 18:00 to 18:30, and 23 from 23:00 to the end.
 */
function syntheticDay(): Observation[] {
  const temperature = (ms: number) => {
    if (ms >= at(8) && ms < at(8, 5)) return 23;
    if (ms >= at(12) && ms < at(14)) return 23;
    if (ms >= at(14) && ms < at(15)) return 21.8;
    return ms >= at(23) ? 23 : 20;
  };
  const observations: Observation[] = [];
  for (let ms = DAY_START; ms <= DAY_END; ms += MINUTE_MS) {
    if (ms >= at(18) && ms < at(18, 30)) continue;
    observations.push({ kind: 'value', field: FIELD, value: temperature(ms), atMs: ms });
  }
  return observations;
}

describe(previewTrigger.name, () => {
  it('shows when a threshold would have fired and cleared over a day, one still open at its end', () => {
    const trigger = {
      type: 'threshold' as const,
      field: FIELD,
      when: 'above' as const,
      threshold: { value: 22 },
      hysteresis: { value: 0.5 },
      forS: 600,
    };
    expect(previewTrigger(trigger, syntheticDay(), DAY_START, DAY_END)).toEqual([
      { firedAtMs: at(12, 10), clearedAtMs: at(15), value: 23 },
      { firedAtMs: at(23, 10), value: 23 },
    ]);
  });

  it('ticks where the live engine would have: a stale sensor fires in the gap and clears at its next value', () => {
    expect(previewTrigger({ type: 'stale', field: FIELD, forS: 600 }, syntheticDay(), DAY_START, DAY_END)).toEqual([
      { firedAtMs: at(18, 9), clearedAtMs: at(18, 30), value: 20 },
    ]);
  });

  it('shows every time of a schedule within the range, fired and cleared at once', () => {
    const times = previewTrigger({ type: 'schedule', cron: '0 */6 * * *' }, [], DAY_START, DAY_END);
    expect(times).toEqual([6, 12, 18, 24].map((hour) => ({ firedAtMs: at(hour), clearedAtMs: at(hour) })));
  });

  it('takes observations out of order and leaves out those outside the range', () => {
    const observations: Observation[] = [
      { kind: 'value', field: FIELD, value: 21, atMs: at(2) },
      { kind: 'value', field: FIELD, value: 25, atMs: DAY_END + MINUTE_MS },
      { kind: 'value', field: FIELD, value: 23, atMs: at(1) },
      { kind: 'value', field: FIELD, value: 30, atMs: DAY_START - MINUTE_MS },
    ];
    const trigger = { type: 'threshold' as const, field: FIELD, when: 'above' as const, threshold: { value: 22 } };
    expect(previewTrigger(trigger, observations, DAY_START, DAY_END)).toEqual([
      { firedAtMs: at(1), clearedAtMs: at(2), value: 23 },
    ]);
  });
});
