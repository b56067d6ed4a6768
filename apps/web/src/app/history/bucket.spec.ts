import { formatWidth } from './bucket';

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
