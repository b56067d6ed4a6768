import { SECOND_MS } from '@eventcast/domain';
import { StaleTrigger } from '../automation.types';
import { ObservationClock } from './observation-clock';
import { durationText } from './trigger-text';
import { Observation, TriggerChange, TriggerWatch } from './trigger-watch.type';

/**
 * A sensor gone: fires at the first tick at which no value of the field has arrived for `forS`
 * seconds (counted from the start until the first value), and clears at its next value. The
 * notification carries the last value it sent, when one came since the start.
 */
export class StaleWatch implements TriggerWatch {
  private readonly clock: ObservationClock;
  private readonly forMs: number;
  private lastValueAtMs: number;
  private lastValue: number | undefined;

  constructor(
    private readonly trigger: StaleTrigger,
    startedAtMs: number,
    private isFiring: boolean,
  ) {
    this.clock = new ObservationClock(startedAtMs);
    this.forMs = trigger.forS * SECOND_MS;
    this.lastValueAtMs = startedAtMs;
  }

  get firing(): boolean {
    return this.isFiring;
  }

  observe(observation: Observation): TriggerChange[] {
    if (observation.kind === 'tick') {
      this.clock.advance(observation.atMs);
      const dueMs = this.nextDueMs();
      if (dueMs === undefined || dueMs > this.clock.nowMs) return [];
      this.isFiring = true;
      return [this.change('fired', `${this.trigger.field} sent no value for ${durationText(this.trigger.forS)}`)];
    }
    if (observation.kind !== 'value' || observation.field !== this.trigger.field) return [];
    if (!this.clock.acceptEvent(observation.atMs)) return [];
    this.lastValueAtMs = Math.max(this.lastValueAtMs, observation.atMs);
    this.lastValue = observation.value;
    if (!this.isFiring) return [];
    this.isFiring = false;
    return [this.change('cleared', `${this.trigger.field} sends values again`)];
  }

  nextDueMs(): number | undefined {
    return this.isFiring ? undefined : this.lastValueAtMs + this.forMs;
  }

  private change(change: TriggerChange['change'], message: string): TriggerChange {
    return { change, atMs: this.clock.nowMs, subject: this.trigger.field, value: this.lastValue, message };
  }
}
