import { unitLabel } from './unit-label';

describe(unitLabel.name, () => {
  it.each([
    ['degC', '°C'],
    ['delta_degF', 'Δ°F'],
    ['1 / degC', '1 / °C'],
    ['delta_degC / second', 'Δ°C / s'],
    ['furlong', 'furlong'],
  ])('writes %s as %s', (unit, label) => {
    expect(unitLabel(unit)).toBe(label);
  });
});
