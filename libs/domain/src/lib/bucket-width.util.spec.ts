import { bucketCount, bucketWidth } from './bucket-width.util';

const US_PER_MS = 1_000;

describe(bucketWidth.name, () => {
  const day = 86_400_000;
  const start = Date.UTC(2024, 4, 1, 12, 34, 56);

  it('picks the smallest round width that gives at most the points asked for', () => {
    expect(bucketWidth(start, start + day, 1000)).toBe(120_000); // 2 min: 721 buckets; 1 min would give 1441
    expect(bucketWidth(start, start + 10_000, 1000)).toBe(20); // 10 s in 20 ms buckets
    expect(bucketWidth(start, start + 3_600_000, 60)).toBe(120_000);
    expect(bucketWidth(start - 3_600_000, start, 1000)).toBe(5_000);
    expect(bucketWidth(start - 365 * day, start, 1000)).toBe(12 * 3_600_000);
  });

  it('gives the same width in microseconds, 1,000 times larger', () => {
    for (const [span, points] of [
      [day, 1000],
      [10_000, 1000],
      [365 * day, 300],
      [20 * 365 * day, 300],
    ])
      expect(bucketWidth(start * US_PER_MS, (start + span) * US_PER_MS, points, US_PER_MS)).toBe(
        bucketWidth(start, start + span, points) * US_PER_MS,
      );
  });

  it('doubles past a week', () => {
    expect(bucketWidth(start - 20 * 365 * day, start, 300)).toBe(28 * day);
  });

  it('keeps the same width for a window of the same length, wherever it starts', () => {
    const widths = new Set([0, 1, 17, 12_345].map((s) => bucketWidth(start + s * 1000, start + s * 1000 + day, 500)));
    expect(widths.size).toBe(1);
  });

  it('never gives more buckets than points, down to one', () => {
    for (const points of [1, 2, 3, 7, 100, 999]) {
      for (const span of [1, 999, day, 400 * day]) {
        expect(bucketCount(start, start + span, bucketWidth(start, start + span, points))).toBeLessThanOrEqual(points);
      }
    }
  });

  it('gives a range across the epoch, which always takes two buckets, a finite width when one point is asked for', () => {
    const width = bucketWidth(-10_000, 10_000, 1);
    expect(Number.isFinite(width)).toBe(true);
    expect(bucketCount(-10_000, 10_000, width)).toBe(2);
  });

  it('gives 1 ms buckets to a short range', () => {
    expect(bucketWidth(start * US_PER_MS, start * US_PER_MS + 500, 1000, US_PER_MS)).toBe(1000);
  });
});
