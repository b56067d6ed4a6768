import { ValueNames } from './value-names';

describe(ValueNames.name, () => {
  it('names a value by its prefix and key, the same string each time', () => {
    const names = new ValueNames(10);
    const first = names.nameOf('fermenter/Beer sensor', 'value[degC]');
    expect(first).toBe('fermenter/Beer sensor/value[degC]');
    expect(names.nameOf('fermenter/Beer sensor', 'value[degC]')).toBe(first);
    expect(names.nameOf('fermenter', 'Beer sensor/value[degC]')).toBe('fermenter/Beer sensor/value[degC]');
  });

  it('keeps naming right when it starts afresh at its capacity', () => {
    const names = new ValueNames(2);
    const made = ['a', 'b', 'c', 'd', 'a'].map((key) => names.nameOf('k', key));
    expect(made).toEqual(['k/a', 'k/b', 'k/c', 'k/d', 'k/a']);
  });
});
