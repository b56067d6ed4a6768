import { toHistoryNumber } from './history-number';

describe(toHistoryNumber.name, () => {
  it.each([
    [42, 42],
    [-3.25, -3.25],
    [0, 0],
    [1e308, 1e308],
    [Number.MAX_SAFE_INTEGER + 2, Number.MAX_SAFE_INTEGER + 2],
  ])('keeps the JSON number %p', (value, expected) => {
    expect(toHistoryNumber(value)).toBe(expected);
  });

  it('stores true as 1 and false as 0', () => {
    expect(toHistoryNumber(true)).toBe(1);
    expect(toHistoryNumber(false)).toBe(0);
  });

  it.each([
    ['12', 12],
    ['-0.5', -0.5],
    ['1e3', 1000],
    [' 8 ', 8],
    ['+3', 3],
    ['.5', 0.5],
    ['2.5E-3', 0.0025],
    ['007', 7],
  ])('converts the plain number string %p', (value, expected) => {
    expect(toHistoryNumber(value)).toBe(expected);
  });

  it.each([
    'true',
    'false',
    '1.2.3',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '0b1',
    '0o7',
    '',
    '   ',
    '1e999',
    '5.',
    '1_000',
    '1,5',
    '12abc',
    'e5',
    '--1',
  ])('ignores the string %p, which is not a plain number', (value) => {
    expect(toHistoryNumber(value)).toBeUndefined();
  });

  it.each([null, undefined, NaN, Infinity, -Infinity, {}, [], [1], { value: 1 }, 10n, Symbol('x')])(
    'ignores %p',
    (value) => {
      expect(toHistoryNumber(value)).toBeUndefined();
    },
  );
});
