/**
 * A watch's sense of time. Now is the latest `atMs` it saw, from its start on. The events of its
 * subject (a field's values, a controller's state events) must come in order: one older than the
 * last is ignored. A late event still newer than the last counts: a wait it starts runs from its
 * own time, and the changes it causes are dated now, never before a change already made.
 */
export class ObservationClock {
  private lastEventMs = -Infinity;

  constructor(private latestMs: number) {}

  get nowMs(): number {
    return this.latestMs;
  }

  /** Whether an event of the subject at `atMs` is in order; moves the clock on when it is. */
  acceptEvent(atMs: number): boolean {
    if (atMs < this.lastEventMs) return false;
    this.lastEventMs = atMs;
    this.advance(atMs);
    return true;
  }

  advance(atMs: number): void {
    this.latestMs = Math.max(this.latestMs, atMs);
  }
}
