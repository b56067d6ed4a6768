import { csvLine, csvTime } from './csv.util';

describe(csvLine.name, () => {
  it('quotes cells that hold a quote, a comma or a line break, and ends the line with CRLF', () => {
    expect(csvLine(['time', 'plain', 'a,b', 'say "hi"', 'two\nlines', ''])).toBe(
      'time,plain,"a,b","say ""hi""","two\nlines",\r\n',
    );
  });
});

describe(csvTime.name, () => {
  const micros = Date.UTC(2024, 4, 1, 12) * 1000 + 123_456;

  it('writes the time in the precision asked for', () => {
    expect(csvTime(micros, 's')).toBe('1714564800');
    expect(csvTime(micros, 'ms')).toBe('1714564800123');
    expect(csvTime(micros, 'ns')).toBe('1714564800123456000');
    expect(csvTime(micros, 'ISO8601')).toBe('2024-05-01T12:00:00.123456Z');
  });
});
