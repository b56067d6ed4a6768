import { BadRequestError } from '@eventcast/domain';
import { MAX_DURATION_US, parseDuration } from './duration.util';

describe(parseDuration.name, () => {
  it.each([
    ['10m', 600_000_000],
    ['1d', 86_400_000_000],
    ['2h10m', 7_800_000_000],
    ['1.5h', 5_400_000_000],
    ['500ms', 500_000],
    ['1w', 604_800_000_000],
    [' 30s ', 30_000_000],
  ])('reads "%s" as a duration', (input, micros) => {
    expect(parseDuration(input, 'duration')).toBe(micros);
  });

  it('reads a number, or a string holding one, as seconds', () => {
    expect(parseDuration(90, 'duration')).toBe(90_000_000);
    expect(parseDuration('2.5', 'duration')).toBe(2_500_000);
  });

  it.each([['10x'], ['m10'], [''], ['1d 2h'], [0], [-5], ['0s'], [null], [{}], [Number.NaN]])(
    'refuses %p with a 400 naming the field',
    (input) => {
      expect(() => parseDuration(input, 'duration')).toThrow(BadRequestError);
      expect(() => parseDuration(input, 'duration')).toThrow(/^duration must be a positive duration/);
    },
  );
});

describe('parseDuration at its longest', () => {
  it('takes 10,000 years and refuses longer with 400, where the range would leave the times a store takes', () => {
    expect(parseDuration('521775w', 'duration')).toBeLessThanOrEqual(MAX_DURATION_US);
    for (const input of [1e300, '521786w', '99999999999999999999d']) {
      expect(() => parseDuration(input, 'duration')).toThrow(
        new BadRequestError(`duration must be at most 10000 years (got ${JSON.stringify(input)})`),
      );
    }
  });
});
