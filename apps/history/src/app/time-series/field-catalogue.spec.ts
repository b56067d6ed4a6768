import { FieldCatalogue } from './field-catalogue';

describe(FieldCatalogue.name, () => {
  function catalogue(entries: Array<[string, number]>): FieldCatalogue {
    const fields = new FieldCatalogue();
    for (const [field, ts] of entries) fields.note(field, ts);
    return fields;
  }

  const fields = catalogue([
    ['c2/Pump/speed', 5],
    ['c1/Sensor 1/value[degC]', 10],
    ['c1/Sensor 2/value[degC]', 20],
    ['c1/old', 1],
    ['c10/x', 30],
    ['c1/Heater/on', 40],
  ]);

  it('lists every name with a value since the time, sorted', () => {
    expect(fields.list({ sinceUs: 0 })).toEqual([
      'c1/Heater/on',
      'c1/Sensor 1/value[degC]',
      'c1/Sensor 2/value[degC]',
      'c1/old',
      'c10/x',
      'c2/Pump/speed',
    ]);
    expect(fields.list({ sinceUs: 20 })).toEqual(['c1/Heater/on', 'c1/Sensor 2/value[degC]', 'c10/x']);
  });

  it('lists the names below a prefix, up to the limit', () => {
    expect(fields.list({ sinceUs: 0, prefix: 'c1/' })).toEqual([
      'c1/Heater/on',
      'c1/Sensor 1/value[degC]',
      'c1/Sensor 2/value[degC]',
      'c1/old',
    ]);
    expect(fields.list({ sinceUs: 0, prefix: 'c1/', limit: 2 })).toEqual(['c1/Heater/on', 'c1/Sensor 1/value[degC]']);
    expect(fields.list({ sinceUs: 0, prefix: 'c1' })).toHaveLength(5);
    expect(fields.list({ sinceUs: 0, prefix: 'c3/' })).toEqual([]);
    expect(fields.list({ sinceUs: 0, prefix: 'zz' })).toEqual([]);
  });

  it('finds a substring in any case, within the prefix', () => {
    expect(fields.list({ sinceUs: 0, search: 'SENSOR' })).toEqual([
      'c1/Sensor 1/value[degC]',
      'c1/Sensor 2/value[degC]',
    ]);
    expect(fields.list({ sinceUs: 0, search: 'p', prefix: 'c2/' })).toEqual(['c2/Pump/speed']);
    expect(fields.list({ sinceUs: 0, search: 'value', limit: 1 })).toEqual(['c1/Sensor 1/value[degC]']);
  });

  it('keeps the latest time of a name and adds new names in their place', () => {
    const growing = catalogue([['b', 10]]);
    expect(growing.list({ sinceUs: 0 })).toEqual(['b']);
    growing.note('b', 5);
    growing.note('a', 7);
    growing.note('c', 8);
    growing.note('a', 9);
    expect(growing.list({ sinceUs: 9 })).toEqual(['a', 'b']);
    expect(growing.list({ sinceUs: 0, search: 'C' })).toEqual(['c']);
    expect(growing.size).toBe(3);
  });

  it('answers a prefix and limit from a large catalogue in sorted order', () => {
    const large = catalogue(Array.from({ length: 50_000 }, (_, index) => [`c${index % 50}/block ${index}/value`, 1]));
    const page = large.list({ sinceUs: 0, prefix: 'c7/', limit: 101 });
    expect(page).toHaveLength(101);
    expect(page).toEqual([...page].sort());
    expect(page.every((name) => name.startsWith('c7/'))).toBe(true);
    expect(large.list({ sinceUs: 0, prefix: 'c7/' })).toHaveLength(1_000);
  });
});
