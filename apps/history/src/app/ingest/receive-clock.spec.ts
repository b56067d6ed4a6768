import { ReceiveClock } from './receive-clock';

describe(ReceiveClock.name, () => {
  it('gives the wall-clock time in microseconds', () => {
    expect(new ReceiveClock(() => 1_714_564_800_000).next()).toBe(1_714_564_800_000_000);
  });

  it('never gives the same time twice, even within one millisecond or when the wall clock steps back', () => {
    let now = 1_000;
    const clock = new ReceiveClock(() => now);
    const times = [clock.next(), clock.next(), clock.next()];
    now = 999;
    times.push(clock.next());
    now = 1_001;
    times.push(clock.next());
    expect(times).toEqual([1_000_000, 1_000_001, 1_000_002, 1_000_003, 1_001_000]);
  });
});
