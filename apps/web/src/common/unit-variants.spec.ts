import { groupUnitVariants, nameInUserUnit, unitVariants, variantConversion } from './unit-variants';

const sensor = 'controller-1/TempSensorOneWire-1/value';

describe(unitVariants.name, () => {
  it('knows a temperature field by both names the controller writes it under', () => {
    expect(unitVariants(`${sensor}[degC]`)).toEqual([`${sensor}[degC]`, `${sensor}[degF]`]);
    expect(unitVariants(`${sensor}[degF]`)).toEqual([`${sensor}[degF]`, `${sensor}[degC]`]);
    expect(unitVariants('pid/kp[1 / degC]')).toEqual(['pid/kp[1 / degC]', 'pid/kp[1 / degF]']);
    expect(unitVariants('pid/error[delta_degF]')).toEqual(['pid/error[delta_degF]', 'pid/error[delta_degC]']);
  });

  it('keeps a field whose unit the temperature unit does not change to its own name', () => {
    expect(unitVariants('ferm/pressure[bar]')).toEqual(['ferm/pressure[bar]']);
    expect(unitVariants('pid/ti[second]')).toEqual(['pid/ti[second]']);
    expect(unitVariants('ferm/door')).toEqual(['ferm/door']);
    expect(unitVariants('ferm/[degC]/door')).toEqual(['ferm/[degC]/door']);
  });
});

describe(nameInUserUnit.name, () => {
  it('names a temperature field in the user unit, whatever unit it was saved in', () => {
    expect(nameInUserUnit(`${sensor}[degC]`, 'degF')).toBe(`${sensor}[degF]`);
    expect(nameInUserUnit(`${sensor}[degF]`, 'degC')).toBe(`${sensor}[degC]`);
    expect(nameInUserUnit(`${sensor}[degC]`, 'degC')).toBe(`${sensor}[degC]`);
    expect(nameInUserUnit('ferm/pressure[bar]', 'degF')).toBe('ferm/pressure[bar]');
  });
});

describe(groupUnitVariants.name, () => {
  it('lists a field stored in both units once, in the user unit', () => {
    const stored = [`${sensor}[degC]`, `${sensor}[degF]`, 'ferm/pressure[bar]'];
    expect(groupUnitVariants(stored, 'degF')).toEqual([`${sensor}[degF]`, 'ferm/pressure[bar]']);
    expect(groupUnitVariants(stored, 'degC')).toEqual([`${sensor}[degC]`, 'ferm/pressure[bar]']);
  });
});

describe(variantConversion.name, () => {
  it('converts a value stored in one variant into the unit of the shown one', () => {
    expect(variantConversion(`${sensor}[degC]`, `${sensor}[degF]`)(20)).toBe(68);
    expect(variantConversion(`${sensor}[degF]`, `${sensor}[degC]`)(68)).toBe(20);
    expect(variantConversion('pid/error[delta_degC]', 'pid/error[delta_degF]')(5)).toBe(9);
    expect(variantConversion(`${sensor}[degC]`, `${sensor}[degC]`)(20.5)).toBe(20.5);
  });
});
