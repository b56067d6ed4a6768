import { MINUTE_MS, quantity, SECOND_MS } from '@eventcast/domain';
import { BlockTrigger } from '../automation.types';
import { Observation, ObservedBlock } from './trigger-watch.type';
import { watchTrigger } from './watch-trigger';

const T0 = Date.UTC(2026, 5, 1, 10, 0);
const block = (data: Record<string, unknown>, id = 'Cooler'): ObservedBlock => ({ id, type: 'ActuatorPwm', data });
const state = (atMs: number, ...blocks: ObservedBlock[]): Observation => ({
  kind: 'state',
  serviceId: 'fermenter',
  blocks,
  atMs,
});
const lastWill = (atMs: number): Observation => ({ kind: 'state', serviceId: 'fermenter', blocks: null, atMs });
const tick = (atMs: number): Observation => ({ kind: 'tick', atMs });
const trigger = (more: Partial<BlockTrigger>): BlockTrigger => ({
  type: 'block',
  serviceId: 'fermenter',
  blockId: 'Cooler',
  path: 'state',
  ...more,
});

describe('a block trigger', () => {
  it('fires while the field equals the value and clears when it changes', () => {
    const watch = watchTrigger(trigger({ equals: 'STATE_ERROR' }), T0);
    expect(watch.observe(state(T0, block({ state: 'STATE_OK' })))).toEqual([]);
    expect(watch.observe(state(T0 + SECOND_MS, block({ state: 'STATE_ERROR' })))).toEqual([
      {
        change: 'fired',
        atMs: T0 + SECOND_MS,
        subject: 'fermenter/Cooler/state',
        value: 'STATE_ERROR',
        message: 'fermenter/Cooler/state is STATE_ERROR',
      },
    ]);
    expect(watch.observe(state(T0 + 2 * SECOND_MS, block({ state: 'STATE_OK' })))).toEqual([
      expect.objectContaining({
        change: 'cleared',
        value: 'STATE_OK',
        message: 'fermenter/Cooler/state is STATE_OK, no longer STATE_ERROR',
      }),
    ]);
  });

  it('waits forS before it fires, ticks included', () => {
    const watch = watchTrigger(trigger({ path: 'enabled', equals: false, forS: 120 }), T0);
    watch.observe(state(T0, block({ enabled: false })));
    expect(watch.observe(state(T0 + MINUTE_MS, block({ enabled: false })))).toEqual([]);
    expect(watch.observe(tick(T0 + 2 * MINUTE_MS))).toEqual([
      expect.objectContaining({
        change: 'fired',
        value: false,
        message: 'fermenter/Cooler/enabled is false for 2 min',
      }),
    ]);
  });

  it('compares a quantity in its own unit, and follows a change of the user unit', () => {
    const watch = watchTrigger(
      trigger({
        blockId: 'Beer sensor',
        path: 'value',
        when: 'above',
        threshold: { value: 22, unit: 'degC' },
        hysteresis: { value: 0.5, unit: 'degC' },
      }),
      T0,
    );
    const sensor = (unit: string, v: number) => block({ value: quantity(unit, v) }, 'Beer sensor');
    expect(watch.observe(state(T0, sensor('degC', 23)))).toEqual([
      expect.objectContaining({
        change: 'fired',
        value: 23,
        message: 'fermenter/Beer sensor/value is 23 degC, above 22 degC',
      }),
    ]);
    expect(watch.observe(state(T0 + SECOND_MS, sensor('degF', 71)))).toEqual([]);
    expect(watch.observe(state(T0 + 2 * SECOND_MS, sensor('degF', 70.5)))).toEqual([
      expect.objectContaining({
        change: 'cleared',
        message: 'fermenter/Beer sensor/value is 70.5 degF, back at or below 70.7 degF',
      }),
    ]);
  });

  it('compares a plain number as it is, at a dotted path', () => {
    const watch = watchTrigger(trigger({ path: 'drive.duty', when: 'below', threshold: { value: 10, unit: '%' } }), T0);
    expect(watch.observe(state(T0, block({ drive: { duty: 5 } })))).toEqual([
      expect.objectContaining({ change: 'fired', value: 5, message: 'fermenter/Cooler/drive.duty is 5, below 10' }),
    ]);
  });

  it('clears when the block is no longer in the state', () => {
    const watch = watchTrigger(trigger({ equals: 'STATE_ERROR' }), T0);
    watch.observe(state(T0, block({ state: 'STATE_ERROR' })));
    expect(watch.observe(state(T0 + SECOND_MS, block({}, 'Heater')))).toEqual([
      expect.objectContaining({
        change: 'cleared',
        message: "fermenter/Cooler/state: block Cooler is no longer in the controller's state",
      }),
    ]);
  });

  it('changes nothing at a last will or at a quantity without a number', () => {
    const watch = watchTrigger(
      trigger({ blockId: 'Beer sensor', path: 'value', when: 'above', threshold: { value: 22 }, forS: 60 }),
      T0,
    );
    watch.observe(state(T0, block({ value: quantity('degC', 23) }, 'Beer sensor')));
    watch.observe(lastWill(T0 + 10 * SECOND_MS));
    watch.observe(state(T0 + 20 * SECOND_MS, block({ value: quantity('degC', null) }, 'Beer sensor')));
    expect(watch.nextDueMs()).toBe(T0 + MINUTE_MS);
    expect(watch.observe(tick(T0 + MINUTE_MS))).toEqual([expect.objectContaining({ change: 'fired', value: 23 })]);
  });

  it('ignores another controller', () => {
    const watch = watchTrigger(trigger({ equals: 'STATE_ERROR' }), T0);
    const other: Observation = {
      kind: 'state',
      serviceId: 'fridge',
      blocks: [block({ state: 'STATE_ERROR' })],
      atMs: T0,
    };
    expect(watch.observe(other)).toEqual([]);
  });

  it('refuses a trigger with neither a value to equal nor a threshold', () => {
    expect(() => watchTrigger(trigger({}), T0)).toThrow(
      'the block trigger on Cooler has neither equals nor a threshold',
    );
  });
});
