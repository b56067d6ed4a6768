import { MINUTE_MS, SECOND_MS } from '@eventcast/domain';
import { StaleTrigger } from '../automation.types';
import { StaleWatch } from './stale-watch';
import { Observation } from './trigger-watch.type';
import { watchTrigger } from './watch-trigger';

const FIELD = 'fermenter/Beer/temp[degC]';
const T0 = Date.UTC(2026, 5, 1, 10, 0);
const STALE: StaleTrigger = { type: 'stale', field: FIELD, forS: 300 };
const value = (v: number, atMs: number, field = FIELD): Observation => ({ kind: 'value', field, value: v, atMs });
const tick = (atMs: number): Observation => ({ kind: 'tick', atMs });

describe(StaleWatch.name, () => {
  it('fires at the first tick once no value came for forS since the start', () => {
    const watch = watchTrigger(STALE, T0);
    expect(watch.nextDueMs()).toBe(T0 + 5 * MINUTE_MS);
    expect(watch.observe(tick(T0 + 5 * MINUTE_MS - 1))).toEqual([]);
    expect(watch.observe(tick(T0 + 5 * MINUTE_MS))).toEqual([
      { change: 'fired', atMs: T0 + 5 * MINUTE_MS, subject: FIELD, message: `${FIELD} sent no value for 5 min` },
    ]);
    expect(watch.nextDueMs()).toBeUndefined();
    expect(watch.observe(tick(T0 + 20 * MINUTE_MS))).toEqual([]);
  });

  it('counts from the last value, and clears at the next one with that value', () => {
    const watch = watchTrigger(STALE, T0);
    watch.observe(value(20.1, T0 + 2 * MINUTE_MS));
    expect(watch.nextDueMs()).toBe(T0 + 7 * MINUTE_MS);
    expect(watch.observe(tick(T0 + 6 * MINUTE_MS))).toEqual([]);
    expect(watch.observe(tick(T0 + 7 * MINUTE_MS))).toEqual([
      expect.objectContaining({ change: 'fired', value: 20.1 }),
    ]);
    expect(watch.observe(value(20.4, T0 + 9 * MINUTE_MS))).toEqual([
      {
        change: 'cleared',
        atMs: T0 + 9 * MINUTE_MS,
        subject: FIELD,
        value: 20.4,
        message: `${FIELD} sends values again`,
      },
    ]);
    expect(watch.nextDueMs()).toBe(T0 + 14 * MINUTE_MS);
  });

  it('is not kept alive by an older value or by another field', () => {
    const watch = watchTrigger(STALE, T0);
    watch.observe(value(20, T0 + 2 * MINUTE_MS));
    watch.observe(value(20, T0 + MINUTE_MS));
    watch.observe(value(20, T0 + 4 * MINUTE_MS, 'fermenter/Fridge/temp[degC]'));
    expect(watch.nextDueMs()).toBe(T0 + 7 * MINUTE_MS);
  });

  it('resumed as firing after a restart, does not fire again and clears at the next value', () => {
    const watch = watchTrigger(STALE, T0, true);
    expect(watch.observe(tick(T0 + 10 * MINUTE_MS))).toEqual([]);
    expect(watch.observe(value(19, T0 + 11 * MINUTE_MS + SECOND_MS))).toEqual([
      expect.objectContaining({ change: 'cleared' }),
    ]);
    expect(watch.firing).toBe(false);
  });
});
