import { HOUR_MS, MINUTE_MS } from '@eventcast/domain';
import { ScheduleTrigger } from '../automation.types';
import { ScheduleWatch } from './schedule-watch';
import { Observation } from './trigger-watch.type';
import { watchTrigger } from './watch-trigger';

const T0 = Date.parse('2026-06-01T05:00:00Z');
const EIGHT_IN_AMSTERDAM = Date.parse('2026-06-01T06:00:00Z');
const MORNING: ScheduleTrigger = { type: 'schedule', cron: '0 8 * * *', timeZone: 'Europe/Amsterdam' };
const tick = (atMs: number): Observation => ({ kind: 'tick', atMs });

describe(ScheduleWatch.name, () => {
  it('fires and clears at once at the first tick at or after its time', () => {
    const watch = watchTrigger(MORNING, T0);
    expect(watch.nextDueMs()).toBe(EIGHT_IN_AMSTERDAM);
    expect(watch.observe(tick(EIGHT_IN_AMSTERDAM - 1))).toEqual([]);
    const subject = '0 8 * * * (Europe/Amsterdam)';
    expect(watch.observe(tick(EIGHT_IN_AMSTERDAM + 5))).toEqual([
      {
        change: 'fired',
        atMs: EIGHT_IN_AMSTERDAM + 5,
        subject,
        message: `the schedule ${subject} came due at 08:00`,
      },
      {
        change: 'cleared',
        atMs: EIGHT_IN_AMSTERDAM + 5,
        subject,
        message: `the schedule ${subject} waits for its next time`,
      },
    ]);
    expect(watch.firing).toBe(false);
    expect(watch.nextDueMs()).toBe(EIGHT_IN_AMSTERDAM + 24 * HOUR_MS);
  });

  it('fires once for a tick late by several times, and does not make up for times before its start', () => {
    const watch = watchTrigger({ type: 'schedule', cron: '*/5 * * * *' }, T0 + MINUTE_MS);
    expect(watch.nextDueMs()).toBe(T0 + 5 * MINUTE_MS);
    expect(watch.observe(tick(T0 + 17 * MINUTE_MS)).map(({ change }) => change)).toEqual(['fired', 'cleared']);
    expect(watch.nextDueMs()).toBe(T0 + 20 * MINUTE_MS);
  });

  it('sees nothing but ticks', () => {
    const watch = watchTrigger(MORNING, T0);
    const value: Observation = { kind: 'value', field: 'a/b[degC]', value: 1, atMs: EIGHT_IN_AMSTERDAM };
    expect(watch.observe(value)).toEqual([]);
  });

  it('resumed as firing, only clears, at its first tick', () => {
    const watch = watchTrigger(MORNING, T0, true);
    expect(watch.firing).toBe(true);
    expect(watch.nextDueMs()).toBe(T0);
    expect(watch.observe(tick(T0 + 1)).map(({ change }) => change)).toEqual(['cleared']);
    expect(watch.nextDueMs()).toBe(EIGHT_IN_AMSTERDAM);
  });

  it('refuses a cron expression that cronProblem refuses', () => {
    expect(() => watchTrigger({ type: 'schedule', cron: '0 8 * *' }, T0)).toThrow('needs five fields');
  });
});
