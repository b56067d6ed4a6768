import { csvCells, roundCsv } from './csv-rounding';

describe(csvCells.name, () => {
  it('reads quoted cells with commas and doubled quotes in them', () => {
    expect(csvCells('time,"a/b,c[degC]","say ""hi"""')).toEqual(['time', 'a/b,c[degC]', 'say "hi"']);
  });
});

describe(roundCsv.name, () => {
  it('rounds each value as the page shows it, by the unit of its column, and keeps the rest', () => {
    const csv =
      'time,"ferm/beer,1[degC]",ferm/gain\r\n' +
      '2026-01-01T00:00:00.000000Z,20.15299960990215,0.123456789\r\n' +
      '2026-01-01T00:00:01.000000Z,,12345.678\r\n';
    expect(roundCsv(csv)).toBe(
      'time,"ferm/beer,1[degC]",ferm/gain\r\n' +
        '2026-01-01T00:00:00.000000Z,20.15,0.1235\r\n' +
        '2026-01-01T00:00:01.000000Z,,12346\r\n',
    );
  });
});
