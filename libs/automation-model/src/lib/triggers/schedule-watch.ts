import { ScheduleTrigger } from '../automation.types';
import { DEFAULT_TIME_ZONE, nextCronMs } from './cron-schedule';
import { ObservationClock } from './observation-clock';
import { Observation, TriggerChange, TriggerWatch } from './trigger-watch.type';
import { clockText, wallTimeAt } from './zoned-time';

/**
 * A schedule: at the first tick at or after each cron time (see `nextCronMs`) it fires and clears
 * at once. Times before the start are not made up for, and a tick late by several cron times fires
 * once. Resumed as firing (an incident left open), it only clears, at its first tick.
 */
export class ScheduleWatch implements TriggerWatch {
  private readonly clock: ObservationClock;
  private readonly timeZone: string;
  private readonly subject: string;
  private dueMs: number | undefined;

  constructor(
    private readonly trigger: ScheduleTrigger,
    startedAtMs: number,
    private isFiring: boolean,
  ) {
    this.clock = new ObservationClock(startedAtMs);
    this.timeZone = trigger.timeZone ?? DEFAULT_TIME_ZONE;
    this.subject = `${trigger.cron} (${this.timeZone})`;
    this.dueMs = isFiring ? startedAtMs : nextCronMs(trigger.cron, this.timeZone, startedAtMs);
  }

  get firing(): boolean {
    return this.isFiring;
  }

  observe(observation: Observation): TriggerChange[] {
    if (observation.kind !== 'tick') return [];
    this.clock.advance(observation.atMs);
    const nowMs = this.clock.nowMs;
    if (this.dueMs === undefined || this.dueMs > nowMs) return [];
    const changes: TriggerChange[] = [];
    if (!this.isFiring) {
      const at = clockText(wallTimeAt(this.dueMs, this.timeZone));
      changes.push(this.change('fired', `the schedule ${this.subject} came due at ${at}`));
    }
    this.isFiring = false;
    changes.push(this.change('cleared', `the schedule ${this.subject} waits for its next time`));
    this.dueMs = nextCronMs(this.trigger.cron, this.timeZone, nowMs);
    return changes;
  }

  nextDueMs(): number | undefined {
    return this.dueMs;
  }

  private change(change: TriggerChange['change'], message: string): TriggerChange {
    return { change, atMs: this.clock.nowMs, subject: this.subject, message };
  }
}
