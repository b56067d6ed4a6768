import { cronProblem, nextCronMs } from './cron-schedule';

const AMSTERDAM = 'Europe/Amsterdam';
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const at = (text: string) => Date.parse(text);

describe(cronProblem.name, () => {
  it('accepts stars, lists, ranges, steps and names', () => {
    expect(cronProblem('*/15 6-22 * * MON-FRI', AMSTERDAM)).toBeUndefined();
    expect(cronProblem('0,30 8 1,15 jan-mar,dec 0')).toBeUndefined();
    expect(cronProblem('5/20 0 * * 7')).toBeUndefined();
  });

  it.each([
    ['0 8 * *', 'cron "0 8 * *" needs five fields (minute hour day-of-month month day-of-week), not 4'],
    ['60 8 * * *', 'cron "60 8 * * *": minute 60 is outside 0-59'],
    ['0 24 * * *', 'cron "0 24 * * *": hour 24 is outside 0-23'],
    ['0 8 0 * *', 'cron "0 8 0 * *": day-of-month 0 is outside 1-31'],
    ['0 8 * 13 *', 'cron "0 8 * 13 *": month 13 is outside 1-12'],
    ['0 8 * * 8', 'cron "0 8 * * 8": day-of-week 8 is outside 0-7'],
    ['0 8 * * FUN', 'cron "0 8 * * FUN": day-of-week value "FUN" is not a whole number'],
    ['*/0 8 * * *', 'cron "*/0 8 * * *": minute step in "*/0" must be at least 1'],
    ['0 22-6 * * *', 'cron "0 22-6 * * *": hour range "22-6" runs backwards'],
    ['0 8 30 2 *', 'cron "0 8 30 2 *": day-of-month 30 never falls in month 2'],
    ['1.5 8 * * *', 'cron "1.5 8 * * *": minute value "1.5" is not a whole number'],
  ])('refuses %s with one sentence', (cron, problem) => {
    expect(cronProblem(cron)).toBe(problem);
  });

  it('refuses a time zone that is not an IANA one', () => {
    expect(cronProblem('0 8 * * *', 'Europe/Amsterdm')).toBe('time zone "Europe/Amsterdm" is not an IANA time zone');
  });
});

describe(nextCronMs.name, () => {
  it('gives the next matching minute strictly after the time, in UTC unless told', () => {
    expect(iso(nextCronMs('*/15 * * * *', undefined, at('2026-06-01T10:07:30Z')))).toBe('2026-06-01T10:15:00.000Z');
    expect(iso(nextCronMs('*/15 * * * *', undefined, at('2026-06-01T10:15:00Z')))).toBe('2026-06-01T10:30:00.000Z');
    expect(iso(nextCronMs('0 8 * * *', undefined, at('2026-06-01T08:00:00Z')))).toBe('2026-06-02T08:00:00.000Z');
  });

  it('reads the wall clock of the time zone', () => {
    expect(iso(nextCronMs('0 8 * * *', AMSTERDAM, at('2026-01-15T00:00:00Z')))).toBe('2026-01-15T07:00:00.000Z');
    expect(iso(nextCronMs('0 8 * * *', AMSTERDAM, at('2026-06-15T00:00:00Z')))).toBe('2026-06-15T06:00:00.000Z');
  });

  it('matches either day field when both are restricted, and both when one is a star', () => {
    // 2026-06-01 is a Monday.
    expect(iso(nextCronMs('0 0 15 * MON', undefined, at('2026-06-01T12:00:00Z')))).toBe('2026-06-08T00:00:00.000Z');
    expect(iso(nextCronMs('0 0 */10 * MON', undefined, at('2026-06-01T12:00:00Z')))).toBe('2026-08-31T00:00:00.000Z');
    expect(iso(nextCronMs('0 0 * 7 SUN', undefined, at('2026-06-01T12:00:00Z')))).toBe('2026-07-05T00:00:00.000Z');
  });

  it('finds 29 February years away, and gives undefined for a day further than eight years', () => {
    expect(iso(nextCronMs('0 0 29 2 *', undefined, at('2097-03-01T00:00:00Z')))).toBe('2104-02-29T00:00:00.000Z');
    // 29 February falls on a Sunday in 2032 and then in 2060.
    expect(iso(nextCronMs('0 0 29 2 */7', undefined, at('2028-01-01T00:00:00Z')))).toBe('2032-02-29T00:00:00.000Z');
    expect(nextCronMs('0 0 29 2 */7', undefined, at('2033-01-01T00:00:00Z'))).toBeUndefined();
  });

  it('throws on an expression that cronProblem refuses', () => {
    expect(() => nextCronMs('61 * * * *', undefined, 0)).toThrow('minute 61 is outside 0-59');
  });

  describe('on the days daylight saving time starts and ends in Europe/Amsterdam', () => {
    it('skips a time that the clock jumps over in spring', () => {
      // 2026-03-29: 02:00 CET becomes 03:00 CEST.
      expect(iso(nextCronMs('30 2 * * *', AMSTERDAM, at('2026-03-28T12:00:00Z')))).toBe('2026-03-30T00:30:00.000Z');
      expect(iso(nextCronMs('0 * * * *', AMSTERDAM, at('2026-03-29T00:30:00Z')))).toBe('2026-03-29T01:00:00.000Z');
    });

    it('fires a time that the clock shows twice in autumn once, the first time', () => {
      // 2026-10-25: 03:00 CEST becomes 02:00 CET; 02:00-02:59 happens twice.
      const first = nextCronMs('30 2 * * *', AMSTERDAM, at('2026-10-24T12:00:00Z'));
      expect(iso(first)).toBe('2026-10-25T00:30:00.000Z');
      expect(iso(nextCronMs('30 2 * * *', AMSTERDAM, first ?? 0))).toBe('2026-10-26T01:30:00.000Z');
      expect(iso(nextCronMs('*/30 * * * *', AMSTERDAM, at('2026-10-25T00:30:00Z')))).toBe('2026-10-25T02:00:00.000Z');
    });

    it('keeps the wall time across the change', () => {
      expect(iso(nextCronMs('0 8 * * *', AMSTERDAM, at('2026-03-28T08:00:00Z')))).toBe('2026-03-29T06:00:00.000Z');
      expect(iso(nextCronMs('0 8 * * *', AMSTERDAM, at('2026-10-24T08:00:00Z')))).toBe('2026-10-25T07:00:00.000Z');
    });
  });
});
