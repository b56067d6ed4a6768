import { SECOND_MS } from '@eventcast/domain';
import { ObservationClock } from './observation-clock';
import { Observation, TriggerChange, TriggerWatch } from './trigger-watch.type';

/** A value or a state event: what a trigger's subject sends. */
export type SubjectEvent = Exclude<Observation, { kind: 'tick' }>;

/** What an event says: whether it is past the trigger's condition, or back far enough to clear it. */
export interface Reading {
  breached: boolean;
  recovered: boolean;
  value?: number | string | boolean | null;
}

/** One lasting trigger (threshold, offline, block): its subject and how it reads and tells events. */
export interface LastingSubject<R extends Reading = Reading> {
  subject: string;
  forS: number;
  /** Whether an event is about this subject. */
  concerns(event: SubjectEvent): boolean;
  /** What an event about it says; undefined when it tells nothing (a sensor without a reading). */
  read(event: SubjectEvent): R | undefined;
  firedMessage(reading: R): string;
  clearedMessage(reading: R): string;
}

/**
 * A condition that must last: it fires once its subject has been past it continuously for `forS`
 * seconds (at once when 0), at the event that completes the wait or at the first tick at or after
 * its end; an event not past it before then starts the wait again. Once firing, it clears only at
 * an event that is back far enough (the subject decides how far), and fires again only after a
 * new full wait.
 */
export class LastingWatch<R extends Reading> implements TriggerWatch {
  private readonly clock: ObservationClock;
  private readonly forMs: number;
  private breachedSinceMs: number | undefined;
  private breachingReading: R | undefined;

  constructor(
    private readonly watched: LastingSubject<R>,
    startedAtMs: number,
    private isFiring: boolean,
  ) {
    this.clock = new ObservationClock(startedAtMs);
    this.forMs = watched.forS * SECOND_MS;
  }

  get firing(): boolean {
    return this.isFiring;
  }

  observe(observation: Observation): TriggerChange[] {
    if (observation.kind === 'tick') {
      this.clock.advance(observation.atMs);
      return this.fireWhenDue();
    }
    if (!this.watched.concerns(observation) || !this.clock.acceptEvent(observation.atMs)) return [];
    const reading = this.watched.read(observation);
    if (reading === undefined) return [];
    if (this.isFiring) return reading.recovered ? [this.clear(reading)] : [];
    if (!reading.breached) {
      this.breachedSinceMs = undefined;
      return [];
    }
    this.breachedSinceMs ??= observation.atMs;
    this.breachingReading = reading;
    return this.fireWhenDue();
  }

  nextDueMs(): number | undefined {
    return this.isFiring || this.breachedSinceMs === undefined ? undefined : this.breachedSinceMs + this.forMs;
  }

  private fireWhenDue(): TriggerChange[] {
    const dueMs = this.nextDueMs();
    const reading = this.breachingReading;
    if (dueMs === undefined || dueMs > this.clock.nowMs || reading === undefined) return [];
    this.isFiring = true;
    this.breachedSinceMs = undefined;
    return [this.change('fired', reading, this.watched.firedMessage(reading))];
  }

  private clear(reading: R): TriggerChange {
    this.isFiring = false;
    return this.change('cleared', reading, this.watched.clearedMessage(reading));
  }

  private change(change: TriggerChange['change'], reading: R, message: string): TriggerChange {
    return { change, atMs: this.clock.nowMs, subject: this.watched.subject, value: reading.value, message };
  }
}
