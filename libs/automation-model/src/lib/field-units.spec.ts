import { differenceIn, fieldUnit, quantityIn } from './field-units';

describe('units of history fields', () => {
  it('reads the unit a field name ends with', () => {
    expect(fieldUnit('fermenter/Beer setpoint/setting[degC]')).toBe('degC');
    expect(fieldUnit('fermenter/Heater/duty')).toBeUndefined();
  });

  it('converts a threshold into the field unit, and refuses a unit that does not fit', () => {
    expect(quantityIn({ value: 68, unit: 'degF' }, 'degC')).toBeCloseTo(20, 10);
    expect(quantityIn({ value: 3 }, 'degC')).toBe(3);
    expect(quantityIn({ value: 3, unit: 'degC' }, 'second')).toBeUndefined();
    expect(quantityIn({ value: 3, unit: 'degC' }, undefined)).toBeUndefined();
  });

  it('converts a hysteresis as a difference, not as a temperature', () => {
    expect(differenceIn({ value: 9, unit: 'degF' }, 'degC')).toBeCloseTo(5, 10);
    expect(differenceIn({ value: 0.5 }, 'degC')).toBe(0.5);
  });
});
