import { MINUTE_MS, SECOND_MS } from '@eventcast/domain';
import { ThresholdTrigger } from '../automation.types';
import { Observation } from './trigger-watch.type';
import { watchTrigger } from './watch-trigger';

const FIELD = 'fermenter/Beer/temp[degC]';
const T0 = Date.UTC(2026, 5, 1, 10, 0);
const value = (v: number, atMs: number, field = FIELD): Observation => ({ kind: 'value', field, value: v, atMs });
const tick = (atMs: number): Observation => ({ kind: 'tick', atMs });
const above = (threshold: number, more: Partial<ThresholdTrigger> = {}): ThresholdTrigger => ({
  type: 'threshold',
  field: FIELD,
  when: 'above',
  threshold: { value: threshold },
  ...more,
});

describe('a threshold trigger', () => {
  it('fires at once on a value strictly past the threshold, with a sentence in the field unit', () => {
    const watch = watchTrigger(above(22), T0);
    expect(watch.observe(value(22, T0))).toEqual([]);
    expect(watch.observe(value(23.456, T0 + SECOND_MS))).toEqual([
      {
        change: 'fired',
        atMs: T0 + SECOND_MS,
        subject: FIELD,
        value: 23.456,
        message: `${FIELD} is 23.46, above 22`,
      },
    ]);
    expect(watch.firing).toBe(true);
    expect(watch.observe(value(24, T0 + 2 * SECOND_MS))).toEqual([]);
  });

  it('fires only after the value stayed past it for forS, a value back before then starting the wait again', () => {
    const watch = watchTrigger(above(22, { forS: 600 }), T0);
    watch.observe(value(23, T0));
    watch.observe(value(21.9, T0 + 5 * MINUTE_MS));
    watch.observe(value(23, T0 + 6 * MINUTE_MS));
    expect(watch.observe(value(23, T0 + 15 * MINUTE_MS))).toEqual([]);
    expect(watch.observe(value(23.4, T0 + 16 * MINUTE_MS))).toEqual([
      expect.objectContaining({
        change: 'fired',
        atMs: T0 + 16 * MINUTE_MS,
        message: `${FIELD} is 23.4, above 22 for 10 min`,
      }),
    ]);
  });

  it('lets a tick end the wait when no value comes, and says when it is due', () => {
    const watch = watchTrigger(above(22, { forS: 600 }), T0);
    expect(watch.nextDueMs()).toBeUndefined();
    watch.observe(value(23, T0));
    expect(watch.nextDueMs()).toBe(T0 + 10 * MINUTE_MS);
    expect(watch.observe(tick(T0 + 10 * MINUTE_MS - 1))).toEqual([]);
    expect(watch.observe(tick(T0 + 10 * MINUTE_MS + 30 * SECOND_MS))).toEqual([
      expect.objectContaining({ change: 'fired', atMs: T0 + 10 * MINUTE_MS + 30 * SECOND_MS, value: 23 }),
    ]);
    expect(watch.nextDueMs()).toBeUndefined();
  });

  it('fires once and clears once for a noisy sensor around the threshold, thanks to its hysteresis', () => {
    const watch = watchTrigger(above(20, { hysteresis: { value: 0.5 } }), T0);
    // Deterministic noise of ±0.4 around the threshold, then a clear fall below it.
    const noisy = Array.from({ length: 200 }, (_, i) => 20 + 0.4 * Math.sin(i * 1.7));
    const readings = [19, ...noisy, 19.6, 19.5, 19.6, 19.4];
    const changes = readings.flatMap((v, i) => watch.observe(value(v, T0 + i * SECOND_MS)));
    expect(changes.map(({ change, value: v, message }) => [change, v, message])).toEqual([
      ['fired', noisy[1], `${FIELD} is ${Math.round(noisy[1] * 100) / 100}, above 20`],
      ['cleared', 19.5, `${FIELD} is 19.5, back at or below 19.5`],
    ]);
  });

  it('compares a threshold and a hysteresis given in another unit in the field unit', () => {
    const watch = watchTrigger(
      {
        type: 'threshold',
        field: FIELD,
        when: 'below',
        threshold: { value: 50, unit: 'degF' },
        hysteresis: { value: 1.8, unit: 'degF' },
      },
      T0,
    );
    expect(watch.observe(value(9.9, T0))).toEqual([
      expect.objectContaining({ change: 'fired', message: `${FIELD} is 9.9, below 10` }),
    ]);
    expect(watch.observe(value(10.9, T0 + SECOND_MS))).toEqual([]);
    expect(watch.observe(value(11, T0 + 2 * SECOND_MS))).toEqual([
      expect.objectContaining({ change: 'cleared', message: `${FIELD} is 11, back at or above 11` }),
    ]);
  });

  it('resumed as firing after a restart, does not fire again and clears when the value is back', () => {
    const watch = watchTrigger(above(22, { forS: 60 }), T0, true);
    expect(watch.firing).toBe(true);
    expect(watch.observe(value(25, T0))).toEqual([]);
    expect(watch.observe(tick(T0 + 2 * MINUTE_MS))).toEqual([]);
    expect(watch.observe(value(21, T0 + 3 * MINUTE_MS))).toEqual([
      expect.objectContaining({ change: 'cleared', atMs: T0 + 3 * MINUTE_MS }),
    ]);
  });

  it('ignores a value older than the last one and a value of another field', () => {
    const watch = watchTrigger(above(22), T0);
    watch.observe(value(23, T0 + 10 * SECOND_MS));
    expect(watch.observe(value(20, T0 + 5 * SECOND_MS))).toEqual([]);
    expect(watch.observe(value(20, T0 + 20 * SECOND_MS, 'fermenter/Fridge/temp[degC]'))).toEqual([]);
    expect(watch.firing).toBe(true);
  });

  it('dates a change by the latest time it saw, never before a tick already seen', () => {
    const watch = watchTrigger(above(22, { forS: 60 }), T0);
    watch.observe(tick(T0 + 30 * SECOND_MS));
    // Stamped before the tick but newer than any value: it starts the wait from its own time.
    watch.observe(value(23, T0 + 20 * SECOND_MS));
    expect(watch.nextDueMs()).toBe(T0 + 80 * SECOND_MS);
    watch.observe(tick(T0 + 80 * SECOND_MS));
    expect(watch.observe(value(21, T0 + 70 * SECOND_MS))).toEqual([
      expect.objectContaining({ change: 'cleared', atMs: T0 + 80 * SECOND_MS }),
    ]);
  });

  it('refuses a threshold whose unit does not fit the field', () => {
    expect(() => watchTrigger({ ...above(22), threshold: { value: 50, unit: '%' } }, T0)).toThrow(
      `the threshold of ${FIELD} does not fit its unit`,
    );
  });
});
