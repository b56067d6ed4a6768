import { assignAxes, axisOfField, formatValue, NO_UNIT, unitOf } from './units';

describe('unitOf', () => {
  it('reads the unit from the [unit] postfix of the field name', () => {
    expect(unitOf('controller-1/Sensor 1/value[degC]')).toBe('degC');
    expect(unitOf('ferm/pressure[ bar ]')).toBe('bar');
    expect(unitOf('ferm/rate[L/min]')).toBe('L/min');
  });

  it('gives fields without a postfix the shared unitless axis', () => {
    expect(unitOf('ferm/door')).toBe(NO_UNIT);
    expect(unitOf('ferm/[degC]/door')).toBe(NO_UNIT);
    expect(unitOf('ferm/odd[]')).toBe(NO_UNIT);
  });
});

describe('assignAxes', () => {
  it('makes one axis per unit in order of first use, alternating sides', () => {
    expect(assignAxes(['degC', 'bar', 'degC', 'value'])).toEqual([
      { key: 'degC', side: 'left' },
      { key: 'bar', side: 'right' },
      { key: 'value', side: 'left' },
    ]);
  });

  it('puts a field on the axis chosen for it, else on its unit', () => {
    expect(axisOfField({ name: 'a/t[degC]' })).toBe('degC');
    expect(axisOfField({ name: 'a/t[degC]', axis: 'bar' })).toBe('bar');
    expect(assignAxes([axisOfField({ name: 'a[degC]' }), axisOfField({ name: 'b[bar]', axis: 'degC' })])).toEqual([
      { key: 'degC', side: 'left' },
    ]);
  });
});

describe('formatValue', () => {
  it('rounds a temperature to two decimals and names its unit', () => {
    expect(formatValue(20.15299960990215, 'degC')).toBe('20.15 °C');
    expect(formatValue(68, 'degF')).toBe('68.00 °F');
  });

  it('keeps four significant digits of a value in a unit of no known resolution', () => {
    expect(formatValue(1.23456789, 'bar')).toBe('1.235 bar');
  });

  it('shows a value without a unit as a bare rounded number', () => {
    expect(formatValue(0.333333333, NO_UNIT)).toBe('0.3333');
  });
});
