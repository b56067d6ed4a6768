import { BadRequestError } from '@eventcast/domain';
import { formatIsoMicros } from '@eventcast/time-series-store';
import { parseTime } from './time.util';

describe(parseTime.name, () => {
  const noon = Date.UTC(2024, 4, 1, 12) * 1000;

  it.each([
    ['2024-05-01T12:00:00Z', noon],
    ['2024-05-01T12:00:00.000Z', noon],
    ['2024-05-01T12:00:00', noon],
    ['2024-05-01 12:00:00Z', noon],
    ['2024-05-01T14:00:00+02:00', noon],
    ['2024-05-01T07:30:00-0430', noon],
    ['2024-05-01T12:00Z', noon],
    ['2024-05-01', Date.UTC(2024, 4, 1) * 1000],
    ['2024-05-01T12:00:00.123456Z', noon + 123_456],
    ['2024-05-01T12:00:00.1234567Z', noon + 123_456],
  ])('reads the ISO 8601 time %s', (input, micros) => {
    expect(parseTime(input, 'start')).toBe(micros);
  });

  it('reads epoch numbers up to 1e10 as seconds and above as milliseconds', () => {
    expect(parseTime(1_714_564_800, 'start')).toBe(noon);
    expect(parseTime(1_714_564_800_000, 'start')).toBe(noon);
    expect(parseTime('1714564800.5', 'start')).toBe(noon + 500_000);
    expect(parseTime(0, 'start')).toBe(0);
  });

  it.each([
    ['yesterday'],
    ['2024-02-30'],
    ['2024-13-01'],
    ['2024-05-01T25:00:00Z'],
    [''],
    [null],
    [true],
    [Number.POSITIVE_INFINITY],
  ])('refuses %p with a 400 naming the field', (input) => {
    expect(() => parseTime(input, 'end')).toThrow(BadRequestError);
    expect(() => parseTime(input, 'end')).toThrow(/^end must be an ISO 8601 time or an epoch number/);
  });
});

describe('parseTime with formatIsoMicros', () => {
  it('reads back every written time', () => {
    const micros = 1_714_564_800_123_456;
    expect(parseTime(formatIsoMicros(micros), 'time')).toBe(micros);
  });
});
