import { isDeviceUnit, isKnownUnit, isTemperatureUnit, unitConversion, userUnitOf } from './units';

function convert(value: number, from: string, to: string): number {
  const conversion = unitConversion(from, to);
  if (conversion === undefined) throw new Error(`${from} does not convert to ${to}`);
  return conversion(value);
}

describe(unitConversion.name, () => {
  it.each([
    [20, 'degC', 'degF', 68],
    [68, 'degF', 'degC', 20],
    [-40, 'degC', 'degF', -40],
    [212, 'degF', 'degC', 100],
    [21.5, 'degC', 'degC', 21.5],
  ])('converts the temperature %p %s to %s', (value, from, to, expected) => {
    expect(convert(value, from, to)).toBeCloseTo(expected, 10);
  });

  it('converts 68 degF to exactly 20 degC, so that a user sees round numbers again', () => {
    expect(convert(68, 'degF', 'degC')).toBe(20);
    expect(convert(20, 'degC', 'degF')).toBe(68);
  });

  it.each([
    [1, 'delta_degC', 'delta_degF', 1.8],
    [9, 'delta_degF', 'delta_degC', 5],
    [2, 'delta_degF', 'delta_degC', 10 / 9],
  ])('converts the temperature difference %p %s to %s without an offset', (value, from, to, expected) => {
    expect(convert(value, from, to)).toBeCloseTo(expected, 10);
  });

  it.each([
    [2, 'minute', 'second', 120],
    [1.5, 'hour', 'second', 5400],
    [90, 'second', 'minute', 1.5],
    [1, 'hour', 'minute', 60],
  ])('converts the time %p %s to %s', (value, from, to, expected) => {
    expect(convert(value, from, to)).toBeCloseTo(expected, 10);
  });

  it.each([
    [10, '1 / degC', '1 / degF', 50 / 9],
    [10, '1 / degF', '1 / degC', 18],
    [10, '1/delta_degF', '1 / degC', 18],
    [1, 'delta_degC / second', 'delta_degF / second', 1.8],
    [1, 'delta_degC / second', 'delta_degC / minute', 60],
    [9, 'delta_degF / minute', 'delta_degC / second', 5 / 60],
    [1, 'degC * second', 'delta_degF * minute', 1.8 / 60],
  ])('converts the product %p %s to %s by scale alone', (value, from, to, expected) => {
    expect(convert(value, from, to)).toBeCloseTo(expected, 10);
  });

  it.each([
    ['degC', 'delta_degC'],
    ['delta_degF', 'degC'],
    ['second', 'degC'],
    ['1 / degC', 'degC'],
    ['delta_degC / second', 'delta_degC'],
    ['second', '1 / second'],
  ])('does not convert %s to %s, which measure different things', (from, to) => {
    expect(unitConversion(from, to)).toBeUndefined();
  });

  it.each(['degX', '', 'kelvin', '1', '1 / ', 'degC / second / second', 'degC second'])(
    'does not know the unit %p',
    (unit) => {
      expect(isKnownUnit(unit)).toBe(false);
      expect(unitConversion(unit, 'degC')).toBeUndefined();
    },
  );
});

describe(userUnitOf.name, () => {
  it.each([
    ['degC', 'degF', 'degF'],
    ['delta_degC', 'degF', 'delta_degF'],
    ['1 / degC', 'degF', '1 / degF'],
    ['delta_degC / second', 'degF', 'delta_degF / second'],
    ['second', 'degF', 'second'],
    ['degC', 'degC', 'degC'],
    ['1 / degC', 'degC', '1 / degC'],
  ] as const)('shows the device unit %s in %s as %s', (deviceUnit, userUnit, expected) => {
    expect(userUnitOf(deviceUnit, userUnit)).toBe(expected);
  });
});

describe(isDeviceUnit.name, () => {
  it.each(['degC', 'delta_degC', 'second', '1 / degC', 'delta_degC / second'])(
    'takes %s as a unit the device keeps',
    (unit) => {
      expect(isDeviceUnit(unit)).toBe(true);
    },
  );

  it.each(['degF', 'delta_degF', 'minute', '1 / degF', 'degX'])(
    'does not take %s as a unit the device keeps',
    (unit) => {
      expect(isDeviceUnit(unit)).toBe(false);
    },
  );
});

describe(isTemperatureUnit.name, () => {
  it('takes degC and degF as the units a user may choose, and nothing else', () => {
    expect(['degC', 'degF', 'delta_degC', 'K', null].map(isTemperatureUnit)).toEqual([true, true, false, false, false]);
  });
});
