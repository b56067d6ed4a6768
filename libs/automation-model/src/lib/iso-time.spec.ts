import { isIsoTime } from './iso-time';

describe(isIsoTime.name, () => {
  it.each([
    '2024-05-01T08:00:00Z',
    '2024-05-01T08:00Z',
    '2024-05-01T08:00:00.123456Z',
    '2024-05-01T10:00:00+02:00',
    '2024-02-29T23:59:59-05:30',
    '2000-02-29T00:00:00Z',
  ])('takes %s', (text) => {
    expect(isIsoTime(text)).toBe(true);
  });

  it.each([
    ['a date alone', '2024-05-01'],
    ['a time without a zone', '2024-05-01T08:00:00'],
    ['the 30th of February', '2024-02-30T08:00:00Z'],
    ['the 29th of February of a common year', '2023-02-29T08:00:00Z'],
    ['the 29th of February of 1900', '1900-02-29T08:00:00Z'],
    ['the 13th month', '2024-13-01T08:00:00Z'],
    ['day 0', '2024-05-00T08:00:00Z'],
    ['24:00', '2024-05-01T24:00:00Z'],
    ['a 60th second', '2024-05-01T08:00:60Z'],
    ['an offset of 24 hours', '2024-05-01T08:00:00+24:00'],
    ['a text around a time', 'on 2024-05-01T08:00:00Z'],
    ['an epoch number', 1714550400000],
  ])('refuses %s', (_, value) => {
    expect(isIsoTime(value)).toBe(false);
  });
});
