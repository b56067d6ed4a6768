import { formFields, type ListField } from './block-form';
import { byName, context, sensor, typeOf } from './block-form.fixtures';
import { itemName, withNewItem, withoutItem } from './list-field';

const list = byName(formFields(typeOf('TempSensorMock'), sensor, context))['fluctuations'] as ListField;

describe(itemName.name, () => {
  it('names an item by its list and its place, counting from 1', () => {
    expect(itemName(list, 1)).toBe('Fluctuations item 2');
  });
});

describe(withNewItem.name, () => {
  it('adds an item at the end and removes the one asked for, leaving the others as they were', () => {
    const added = withNewItem(list, list.value);
    expect(added).toEqual([...list.value, { amplitude: '0', period: '0' }]);
    expect(withoutItem(added, 0)).toEqual([list.value[1], { amplitude: '0', period: '0' }]);
    expect(list.value).toHaveLength(2);
  });
});
