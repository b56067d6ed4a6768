import { BadRequestError } from '@eventcast/domain';
import { resolveTimeRange } from './time-range.util';

describe(resolveTimeRange.name, () => {
  const now = 1_714_564_800_000_000;
  const hour = 3_600_000_000;
  const start = '2024-05-01T10:00:00Z';
  const end = '2024-05-01T11:00:00Z';
  const at10 = now - 2 * hour;
  const at11 = now - hour;

  it('takes start and end as given, both fixed', () => {
    expect(resolveTimeRange({ start, end }, now, '1d')).toEqual({ fromUs: at10, toUs: at11, live: false });
  });

  it('runs a duration forward from start and back from end', () => {
    expect(resolveTimeRange({ start, duration: '30m' }, now, '1d')).toEqual({
      fromUs: at10,
      toUs: at10 + hour / 2,
      live: false,
    });
    expect(resolveTimeRange({ end, duration: '30m' }, now, '1d')).toEqual({
      fromUs: at11 - hour / 2,
      toUs: at11,
      live: false,
    });
  });

  it('keeps a range without an end open until now, and live', () => {
    expect(resolveTimeRange({ start }, now, '1d')).toEqual({ fromUs: at10, toUs: now, live: true });
    expect(resolveTimeRange({ duration: '1h' }, now, '1d')).toEqual({ fromUs: now - hour, toUs: now, live: true });
    expect(resolveTimeRange({}, now, '10m')).toEqual({ fromUs: now - hour / 6, toUs: now, live: true });
  });

  it('gives an end alone the default duration before it', () => {
    expect(resolveTimeRange({ end }, now, '1h')).toEqual({ fromUs: at11 - hour, toUs: at11, live: false });
  });

  it('answers 400 to start, end and duration together', () => {
    expect(() => resolveTimeRange({ start, end, duration: '1h' }, now, '1d')).toThrow(
      new BadRequestError('give at most two of start, end and duration'),
    );
  });

  it('answers 400 to an end before the start, naming both', () => {
    expect(() => resolveTimeRange({ start: end, end: start }, now, '1d')).toThrow(
      'end (2024-05-01T10:00:00.000000Z) is before start (2024-05-01T11:00:00.000000Z)',
    );
  });

  it('answers 400 naming a time or duration it cannot read', () => {
    expect(() => resolveTimeRange({ start: 'soon' }, now, '1d')).toThrow(/^start must be an ISO 8601 time/);
    expect(() => resolveTimeRange({ duration: 'long' }, now, '1d')).toThrow(/^duration must be a positive duration/);
  });
});
