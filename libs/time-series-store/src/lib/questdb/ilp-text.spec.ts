import { IlpTextEncoder } from './ilp-text';

describe(IlpTextEncoder.name, () => {
  const encode = (events: Array<{ ts: number; values: Array<[string, number]> }>) =>
    new IlpTextEncoder('history_values').encode(events.map(({ ts, values }) => ({ ts, values: new Map(values) })));

  it('writes one line per value, with the event time in nanoseconds', () => {
    expect(
      encode([
        {
          ts: 1_714_564_800_000_001,
          values: [
            ['k/a', 1.5],
            ['k/b', -2],
          ],
        },
      ]),
    ).toBe(
      'history_values,field=k/a value=1.5 1714564800000001000\nhistory_values,field=k/b value=-2 1714564800000001000\n',
    );
  });

  it('escapes spaces, commas, equals signs, line ends and backslashes in field names, and nothing else', () => {
    expect(encode([{ ts: 1, values: [['a b,c=d\ne\rf\\g\'h"i\tj', 1]] }])).toBe(
      'history_values,field=a\\ b\\,c\\=d\\\ne\\\rf\\\\g\'h"i\tj value=1 1000\n',
    );
  });

  it('writes each number as the shortest text that reads back as the same number', () => {
    const numbers = [0.1, 1e-7, 5e-324, 1.7976931348623157e308, 1e21, -273.15, 123456.789];
    const text = encode(numbers.map((value, index) => ({ ts: index, values: [['v', value]] })));
    expect(
      text
        .split('\n')
        .slice(0, -1)
        .map((line) => Number(line.split(' ')[1].slice('value='.length))),
    ).toEqual(numbers);
  });

  it('writes nothing for no events', () => {
    expect(encode([])).toBe('');
  });
});
