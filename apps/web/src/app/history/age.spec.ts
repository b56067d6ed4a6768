import { formatAge } from './age';

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
