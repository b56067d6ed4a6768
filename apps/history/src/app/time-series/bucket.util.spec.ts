import { bucketCount, bucketStart, bucketWidth } from './bucket.util';

describe(bucketWidth.name, () => {
  const day = 86_400_000_000;
  const start = Date.UTC(2024, 4, 1, 12, 34, 56) * 1000;

  it('picks the smallest round width that gives at most the points asked for', () => {
    expect(bucketWidth(start, start + day, 1000)).toBe(120_000_000); // 2 min: 721 buckets; 1 min would give 1441
    expect(bucketWidth(start, start + 10_000_000, 1000)).toBe(20_000); // 10 s in 20 ms buckets
    expect(bucketWidth(start, start + 3_600_000_000, 60)).toBe(120_000_000);
  });

  it('keeps the same width for a window of the same length, wherever it starts', () => {
    const widths = new Set(
      [0, 1, 17, 12_345].map((shift) => bucketWidth(start + shift * 1_000_000, start + shift * 1_000_000 + day, 500)),
    );
    expect(widths.size).toBe(1);
  });

  it('never gives more buckets than points, down to one', () => {
    for (const points of [1, 2, 3, 7, 100, 999]) {
      for (const span of [1, 999, 86_400_000_000, 400 * 86_400_000_000]) {
        expect(bucketCount(start, start + span, bucketWidth(start, start + span, points))).toBeLessThanOrEqual(points);
      }
    }
  });

  it('gives a range across the epoch, which always takes two buckets, a finite width when one point is asked for', () => {
    const width = bucketWidth(-10_000_000, 10_000_000, 1);
    expect(Number.isFinite(width)).toBe(true);
    expect(bucketCount(-10_000_000, 10_000_000, width)).toBe(2);
  });

  it('gives 1 ms buckets to a short range', () => {
    expect(bucketWidth(start, start + 500, 1000)).toBe(1000);
  });
});

describe(bucketStart.name, () => {
  it('aligns buckets on multiples of the width from the epoch, before 1970 too', () => {
    expect(bucketStart(125_000_000, 60_000_000)).toBe(120_000_000);
    expect(bucketStart(120_000_000, 60_000_000)).toBe(120_000_000);
    expect(bucketStart(-1, 60_000_000)).toBe(-60_000_000);
  });
});
