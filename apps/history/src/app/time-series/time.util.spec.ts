import { BadRequestError } from '@eventcast/domain';
import { formatIsoMicros } from '@eventcast/time-series-store';
import { MAX_TIME_US, MIN_TIME_US, parseTime } from './time.util';

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

describe('parseTime at the ends of the times it takes', () => {
  it('takes the years 0 to 9999, those before 100 as written, and refuses the rest with 400 naming the field', () => {
    expect(parseTime('0000-01-01T00:00:00Z', 'start')).toBe(MIN_TIME_US);
    expect(parseTime('0099-03-01', 'start')).toBe(Date.parse('0099-03-01T00:00:00Z') * 1000);
    expect(parseTime('9999-12-31T23:59:59.999999Z', 'end')).toBeLessThanOrEqual(MAX_TIME_US);
    expect(parseTime(253402300800000, 'end')).toBe(MAX_TIME_US);
    for (const input of [1e300, -1e300, '99999999999999999999', 253402300800001, -62167219200001]) {
      expect(() => parseTime(input, 'end')).toThrow(
        new BadRequestError(`end must lie between the years 0 and 10000 (got ${JSON.stringify(input)})`),
      );
    }
  });
});
