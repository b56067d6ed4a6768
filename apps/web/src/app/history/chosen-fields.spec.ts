import { toggledField } from './chosen-fields';

describe(toggledField.name, () => {
  const added = (name: string): { name: string; label?: string } => ({ name });

  it('puts a field on at the end and takes it off again', () => {
    const on = toggledField([{ name: 'a', label: 'A' }], 'b/temp[degC]', 'degC', added);
    expect(on).toEqual([{ name: 'a', label: 'A' }, { name: 'b/temp[degC]' }]);
    expect(toggledField(on, 'b/temp[degC]', 'degC', added)).toEqual([{ name: 'a', label: 'A' }]);
  });

  it('takes off a field saved in the other temperature unit', () => {
    expect(toggledField([{ name: 'b/temp[degC]' }], 'b/temp[degF]', 'degF', added)).toEqual([]);
  });
});
