import { bucketWidth, formatWidth } from './bucket';

describe('bucketWidth', () => {
  const end = Date.parse('2026-05-01T12:00:00Z');

  it('picks the round width the service picks for a window and a number of points', () => {
    expect(bucketWidth(end - 3_600_000, end, 1000)).toBe(5_000);
    expect(bucketWidth(end - 600_000, end, 1000)).toBe(1_000);
    expect(bucketWidth(end - 86_400_000, end, 1200)).toBe(120_000);
    expect(bucketWidth(end - 365 * 86_400_000, end, 1000)).toBe(12 * 3_600_000);
  });

  it('doubles past a week', () => {
    expect(bucketWidth(end - 20 * 365 * 86_400_000, end, 300)).toBe(28 * 86_400_000);
  });
});

describe('formatWidth', () => {
  it('names a width in the largest unit that divides it', () => {
    expect([500, 5_000, 900_000, 21_600_000, 604_800_000].map(formatWidth)).toEqual([
      '500 ms',
      '5 s',
      '15 min',
      '6 h',
      '7 d',
    ]);
  });
});
