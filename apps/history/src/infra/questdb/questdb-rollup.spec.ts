import { mergeBucketSums, ROLLUP_LAG_US, ROLLUP_US, rollupCut } from './questdb-rollup';

const MINUTE = ROLLUP_US;
const NOW = 1_000 * 24 * 60 * MINUTE + 30_000_000;

describe(rollupCut.name, () => {
  it('reads whole minutes from the rollup up to a few minutes before now, and the rest from the table', () => {
    const from = NOW - 60 * MINUTE - 30_000_000;
    expect(rollupCut(from, NOW, 15 * MINUTE, NOW)).toBe(Math.floor((NOW - ROLLUP_LAG_US) / MINUTE) * MINUTE);
  });

  it('reads a range that ended long ago from the rollup alone, but a last minute it takes only part of from the table', () => {
    expect(rollupCut(0, 10 * MINUTE - 1, MINUTE, NOW)).toBe(10 * MINUTE);
    expect(rollupCut(0, 10 * MINUTE, MINUTE, NOW)).toBe(10 * MINUTE);
    expect(rollupCut(0, 10 * MINUTE + 5, MINUTE, NOW)).toBe(10 * MINUTE);
  });

  it('reads the table alone for buckets shorter than a minute, a start inside a minute, or a range of the last minutes', () => {
    expect(rollupCut(0, NOW, 30_000_000, NOW)).toBe(0);
    expect(rollupCut(1, NOW, MINUTE, NOW)).toBe(1);
    const recent = NOW - MINUTE - 30_000_000;
    expect(rollupCut(recent, NOW, MINUTE, NOW)).toBe(recent);
  });
});

describe(mergeBucketSums.name, () => {
  it('averages a bucket over the sums of the rollup and of the table together', () => {
    expect(
      mergeBucketSums([
        { field: 'a', ts: 0, total: 6, count: 3 },
        { field: 'a', ts: 0, total: 10, count: 1 },
        { field: 'b', ts: 0, total: 5, count: 2 },
        { field: 'a', ts: MINUTE, total: 7, count: 1 },
      ]),
    ).toEqual([
      { field: 'a', ts: 0, value: 4 },
      { field: 'b', ts: 0, value: 2.5 },
      { field: 'a', ts: MINUTE, value: 7 },
    ]);
  });
});
