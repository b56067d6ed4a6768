import { formatAge, freshness } from './age';

describe('formatAge', () => {
  it('names an age in its two largest units', () => {
    expect([4.9, 182, 5 * 3600 + 65, 2 * 86_400 + 3 * 3600 + 59].map(formatAge)).toEqual([
      '4 s',
      '3 min 2 s',
      '5 h 1 min',
      '2 d 3 h',
    ]);
  });
});

describe('freshness', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');

  it('is fresh up to its limit and stale past it', () => {
    expect(freshness('2026-01-01T11:59:00Z', now, 60)).toEqual({ age: 60, stale: false });
    expect(freshness('2026-01-01T11:58:59Z', now, 60)).toEqual({ age: 61, stale: true });
  });

  it('reads a value from a clock ahead of this one as new, and no value as stale', () => {
    expect(freshness('2026-01-01T12:00:05Z', now, 60)).toEqual({ age: 0, stale: false });
    expect(freshness(undefined, now, 60)).toEqual({ stale: true });
  });
});
