import { DAY_US, HOUR_US, MINUTE_US } from '@eventcast/domain';
import { refreshChunk } from './duckdb-rollups';

describe('refreshChunk', () => {
  it('rolls up as many whole hours as keep a refresh under 100,000 rows', () => {
    // 100 fields: 6,000 rows an hour, 16 hours hold 96,000.
    expect(refreshChunk(HOUR_US, 100, MINUTE_US)).toBe(16 * HOUR_US);
    // 350 fields: 21,000 rows an hour, 4 hours hold 84,000.
    expect(refreshChunk(HOUR_US, 350 * 60 * 24, DAY_US)).toBe(4 * HOUR_US);
  });

  it('rolls up at most a day, and at least an hour however many fields there are', () => {
    expect(refreshChunk(HOUR_US, 10, MINUTE_US)).toBe(DAY_US);
    expect(refreshChunk(DAY_US, 5_000 * 60, HOUR_US)).toBe(HOUR_US);
  });

  it('keeps the chunk as it was after a refresh that added nothing', () => {
    expect(refreshChunk(4 * HOUR_US, 0, HOUR_US)).toBe(4 * HOUR_US);
    expect(refreshChunk(4 * HOUR_US, 0, 0)).toBe(4 * HOUR_US);
  });
});
