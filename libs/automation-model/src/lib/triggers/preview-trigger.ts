import { Trigger } from '../automation.types';
import { watchTrigger } from './watch-trigger';
import { Observation, TriggerChange, TriggerWatch } from './trigger-watch.type';

/** One incident a trigger would have opened over recorded values: open until `clearedAtMs`, if it cleared. */
export interface PreviewIncident {
  firedAtMs: number;
  clearedAtMs?: number;
  value?: number | string | boolean | null;
}

/**
 * When a trigger would have fired and cleared over recorded values (the rules page's 24 h
 * preview): the observations from `fromMs` to `toMs`, in time order, as the engine would have
 * seen them live, with a tick whenever the watch was due, as the engine schedules them.
 */
export function previewTrigger(
  trigger: Trigger,
  observations: readonly Observation[],
  fromMs: number,
  toMs: number,
): PreviewIncident[] {
  const watch = watchTrigger(trigger, fromMs);
  const incidents: PreviewIncident[] = [];
  const record = (changes: TriggerChange[]) => {
    for (const { change, atMs, value } of changes) {
      if (change === 'fired') incidents.push({ firedAtMs: atMs, value });
      else if (incidents.length > 0) incidents[incidents.length - 1].clearedAtMs = atMs;
    }
  };
  const inRange = observations.filter(({ atMs }) => atMs >= fromMs && atMs <= toMs);
  for (const observation of inRange.sort((a, b) => a.atMs - b.atMs)) {
    record(ticksUntil(watch, observation.atMs));
    record(watch.observe(observation));
  }
  record(ticksUntil(watch, toMs));
  return incidents;
}

/** The changes of a tick at each time the watch is due, up to `untilMs`. */
function ticksUntil(watch: TriggerWatch, untilMs: number): TriggerChange[] {
  const changes: TriggerChange[] = [];
  for (let dueMs = watch.nextDueMs(); dueMs !== undefined && dueMs <= untilMs; dueMs = watch.nextDueMs()) {
    changes.push(...watch.observe({ kind: 'tick', atMs: dueMs }));
  }
  return changes;
}
