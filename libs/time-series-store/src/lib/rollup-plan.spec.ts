import { DAY_US } from '@eventcast/domain';
import { mergeBucketSums, planSources } from './rollup-plan';

const MINUTE = 60_000_000;
const HOUR = 60 * MINUTE;
const START = 1_000 * DAY_US;

describe(planSources.name, () => {
  const covered = (until: number) => () => until;

  it('reads whole hours from the hour rollup, then whole minutes from the minute rollup, then raw points', () => {
    const cover = START + 5 * HOUR + 17 * MINUTE + 30_000_000;
    expect(planSources(START, START + DAY_US - 1, 2 * HOUR, covered(cover))).toEqual([
      { resolution: '1h', fromUs: START, untilUs: START + 5 * HOUR },
      { resolution: '1m', fromUs: START + 5 * HOUR, untilUs: START + 5 * HOUR + 17 * MINUTE },
      { resolution: 'raw', fromUs: START + 5 * HOUR + 17 * MINUTE, untilUs: START + DAY_US },
    ]);
  });

  it('reads a range that ended long ago from the coarsest rollup whose width divides the bucket alone', () => {
    const longAfter = START + 10 * DAY_US;
    expect(planSources(START, START + DAY_US - 1, 12 * HOUR, covered(longAfter))).toEqual([
      { resolution: '1h', fromUs: START, untilUs: START + DAY_US },
    ]);
    expect(planSources(START, START + 2 * HOUR - 1, 30 * MINUTE, covered(longAfter))).toEqual([
      { resolution: '1m', fromUs: START, untilUs: START + 2 * HOUR },
    ]);
  });

  it('reads raw points for buckets shorter than a minute, and where no rollup holds anything yet', () => {
    const longAfter = START + 10 * DAY_US;
    expect(planSources(START, START + HOUR - 1, 30_000_000, covered(longAfter))).toEqual([
      { resolution: 'raw', fromUs: START, untilUs: START + HOUR },
    ]);
    expect(planSources(START, START + DAY_US - 1, HOUR, covered(0))).toEqual([
      { resolution: 'raw', fromUs: START, untilUs: START + DAY_US },
    ]);
  });
});

describe(mergeBucketSums.name, () => {
  it('averages a bucket over the sums of every source together', () => {
    expect(
      mergeBucketSums([
        { field: 'a', ts: 0, total: 6, count: 3 },
        { field: 'a', ts: 0, total: 10, count: 1 },
        { field: 'b', ts: 0, total: 5, count: 2 },
        { field: 'a', ts: MINUTE, total: 7, count: 1 },
        { field: 'c', ts: MINUTE, total: 0, count: 0 },
      ]),
    ).toEqual([
      { field: 'a', ts: 0, value: 4 },
      { field: 'b', ts: 0, value: 2.5 },
      { field: 'a', ts: MINUTE, value: 7 },
    ]);
  });
});
