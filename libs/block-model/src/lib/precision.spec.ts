import { decimalsFor, formatForUnit, roundForUnit } from './precision';

describe('decimalsFor', () => {
  it('gives a temperature two decimals and a percentage one', () => {
    expect(decimalsFor(20.15299960990215, 'degC')).toBe(2);
    expect(decimalsFor(-3.3, 'delta_degF')).toBe(2);
    expect(decimalsFor(35.123, '%')).toBe(1);
  });

  it('keeps four significant digits of a value in no known unit', () => {
    expect(decimalsFor(1234.5)).toBe(0);
    expect(decimalsFor(12.345)).toBe(2);
    expect(decimalsFor(0.012345, 'counts')).toBe(5);
    expect(decimalsFor(7113594.21e36)).toBe(0);
    expect(decimalsFor(0)).toBe(0);
  });
});

describe('roundForUnit', () => {
  it('rounds a sensor reading to what its unit resolves', () => {
    expect(roundForUnit(20.15299960990215, 'degC')).toBe(20.15);
    expect(roundForUnit(68.0000001, 'degF')).toBe(68);
    expect(roundForUnit(49.96, '%')).toBe(50);
  });

  it('never shows minus zero', () => {
    expect(Object.is(roundForUnit(-0.001, 'degC'), 0)).toBe(true);
  });

  it('leaves what is not a finite number as it is', () => {
    expect(roundForUnit(Number.NaN, 'degC')).toBeNaN();
  });
});

describe('formatForUnit', () => {
  it('keeps the unit decimals so that a column of readings lines up', () => {
    expect(formatForUnit(20.1, 'degC')).toBe('20.10');
    expect(formatForUnit(20.15299960990215, 'degC')).toBe('20.15');
    expect(formatForUnit(0.5, '%')).toBe('0.5');
  });

  it('writes minus zero as zero', () => {
    expect(formatForUnit(-0.001, 'degC')).toBe('0.00');
  });
});
