import { changeOrigin } from './controller-changes';
import { BadRequestError } from './domain-errors';

describe(changeOrigin.name, () => {
  it('names the caller when one is given, and only the way otherwise', () => {
    expect(changeOrigin('rest', 'quick action Cold crash')).toEqual({ via: 'rest', by: 'quick action Cold crash' });
    expect(changeOrigin('mqtt', undefined)).toEqual({ via: 'mqtt' });
    expect(changeOrigin('mqtt', '')).toEqual({ via: 'mqtt' });
  });

  it.each([
    ['a number', 42],
    ['a text longer than 120 characters', 'x'.repeat(121)],
    ['a line break', 'first\nsecond'],
  ])('refuses %s, naming where it came from', (_, by) => {
    expect(() => changeOrigin('mqtt', by)).toThrow(BadRequestError);
    expect(() => changeOrigin('mqtt', by)).toThrow(/^origin: a text of at most 120 characters/);
    expect(() => changeOrigin('rest', by)).toThrow(/^Eventcast-Origin \(a header\): /);
  });
});
