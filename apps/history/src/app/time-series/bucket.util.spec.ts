import { bucketStart } from './bucket.util';

describe(bucketStart.name, () => {
  it('aligns buckets on multiples of the width from the epoch, before 1970 too', () => {
    expect(bucketStart(125_000_000, 60_000_000)).toBe(120_000_000);
    expect(bucketStart(120_000_000, 60_000_000)).toBe(120_000_000);
    expect(bucketStart(-1, 60_000_000)).toBe(-60_000_000);
  });
});
