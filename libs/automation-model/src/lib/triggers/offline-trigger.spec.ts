import { MINUTE_MS, SECOND_MS } from '@eventcast/domain';
import { OfflineTrigger } from '../automation.types';
import { Observation } from './trigger-watch.type';
import { watchTrigger } from './watch-trigger';

const T0 = Date.UTC(2026, 5, 1, 10, 0);
const OFFLINE: OfflineTrigger = { type: 'offline', serviceId: 'fermenter', forS: 60 };
const lastWill = (atMs: number, serviceId = 'fermenter'): Observation => ({
  kind: 'state',
  serviceId,
  blocks: null,
  atMs,
});
const online = (atMs: number, serviceId = 'fermenter'): Observation => ({ kind: 'state', serviceId, blocks: [], atMs });
const tick = (atMs: number): Observation => ({ kind: 'tick', atMs });

describe('an offline trigger', () => {
  it('fires when the last will has stood for forS, and clears at the next state with blocks', () => {
    const watch = watchTrigger(OFFLINE, T0);
    watch.observe(online(T0));
    watch.observe(lastWill(T0 + MINUTE_MS));
    expect(watch.nextDueMs()).toBe(T0 + 2 * MINUTE_MS);
    expect(watch.observe(tick(T0 + 2 * MINUTE_MS - 1))).toEqual([]);
    expect(watch.observe(tick(T0 + 2 * MINUTE_MS))).toEqual([
      {
        change: 'fired',
        atMs: T0 + 2 * MINUTE_MS,
        subject: 'fermenter',
        message: 'controller fermenter has been offline for 1 min',
      },
    ]);
    expect(watch.observe(online(T0 + 5 * MINUTE_MS))).toEqual([
      {
        change: 'cleared',
        atMs: T0 + 5 * MINUTE_MS,
        subject: 'fermenter',
        message: 'controller fermenter is back online',
      },
    ]);
  });

  it('fires at once without forS', () => {
    const watch = watchTrigger({ type: 'offline', serviceId: 'fermenter' }, T0);
    expect(watch.observe(lastWill(T0))).toEqual([
      expect.objectContaining({ change: 'fired', message: 'controller fermenter went offline' }),
    ]);
  });

  it('does not fire for a controller back before forS, nor for another controller', () => {
    const watch = watchTrigger(OFFLINE, T0);
    watch.observe(lastWill(T0));
    watch.observe(online(T0 + 30 * SECOND_MS));
    watch.observe(lastWill(T0, 'fridge'));
    expect(watch.nextDueMs()).toBeUndefined();
    expect(watch.observe(tick(T0 + 5 * MINUTE_MS))).toEqual([]);
  });

  it('counts from the first last will when the broker hands it again', () => {
    const watch = watchTrigger(OFFLINE, T0);
    watch.observe(lastWill(T0));
    watch.observe(lastWill(T0 + 30 * SECOND_MS));
    expect(watch.observe(tick(T0 + MINUTE_MS))).toEqual([expect.objectContaining({ change: 'fired' })]);
  });

  it('does not fire for a controller that never sent a state event', () => {
    const watch = watchTrigger(OFFLINE, T0);
    expect(watch.nextDueMs()).toBeUndefined();
    expect(watch.observe(tick(T0 + 60 * MINUTE_MS))).toEqual([]);
  });

  it('resumed as firing, stays quiet at its retained last will and clears when the controller is back', () => {
    const watch = watchTrigger(OFFLINE, T0, true);
    expect(watch.observe(lastWill(T0))).toEqual([]);
    expect(watch.observe(tick(T0 + 5 * MINUTE_MS))).toEqual([]);
    expect(watch.observe(online(T0 + 6 * MINUTE_MS))).toEqual([expect.objectContaining({ change: 'cleared' })]);
  });
});
