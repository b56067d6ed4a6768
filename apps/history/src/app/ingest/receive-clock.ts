import { MICROS_PER_MS } from '@eventcast/time-series-store';

/**
 * Receive times in microseconds since the epoch, strictly increasing: two events never share a
 * time, so the store's `(ts, field)` key never merges values of two different events.
 */
export class ReceiveClock {
  private last = 0;

  constructor(private readonly nowMs: () => number = Date.now) {}

  next(): number {
    const now = this.nowMs() * MICROS_PER_MS;
    this.last = now > this.last ? now : this.last + 1;
    return this.last;
  }
}
