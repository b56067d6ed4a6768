import { formatIsoMicros } from './micros.util';

describe(formatIsoMicros.name, () => {
  it('writes all six decimals of a microsecond time in UTC', () => {
    expect(formatIsoMicros(Date.UTC(2024, 4, 1, 12) * 1000 + 123_456)).toBe('2024-05-01T12:00:00.123456Z');
    expect(formatIsoMicros(5)).toBe('1970-01-01T00:00:00.000005Z');
  });
});
