import { Trigger } from '../automation.types';
import { blockSubject } from './block-trigger';
import { LastingWatch } from './lasting-watch';
import { offlineSubject } from './offline-trigger';
import { ScheduleWatch } from './schedule-watch';
import { StaleWatch } from './stale-watch';
import { thresholdSubject } from './threshold-trigger';
import { TriggerInterest, TriggerWatch } from './trigger-watch.type';

/**
 * Watches a trigger from `startedAtMs`. `firing` true resumes one whose incident is open (after a
 * restart): it does not fire again, and clears when its condition clears. Throws on a trigger that
 * the rule's validation refuses (a unit that does not fit, a bad cron expression).
 */
export function watchTrigger(trigger: Trigger, startedAtMs: number, firing = false): TriggerWatch {
  switch (trigger.type) {
    case 'threshold':
      return new LastingWatch(thresholdSubject(trigger), startedAtMs, firing);
    case 'stale':
      return new StaleWatch(trigger, startedAtMs, firing);
    case 'offline':
      return new LastingWatch(offlineSubject(trigger), startedAtMs, firing);
    case 'block':
      return new LastingWatch(blockSubject(trigger), startedAtMs, firing);
    case 'schedule':
      return new ScheduleWatch(trigger, startedAtMs, firing);
  }
}

/** What a trigger listens to besides ticks: the history fields and the controllers' state events. */
export function interestOf(trigger: Trigger): TriggerInterest {
  switch (trigger.type) {
    case 'threshold':
    case 'stale':
      return { fields: [trigger.field], serviceIds: [] };
    case 'offline':
    case 'block':
      return { fields: [], serviceIds: [trigger.serviceId] };
    case 'schedule':
      return { fields: [], serviceIds: [] };
  }
}
