import { formValues, type FormValues, type ListField } from './block-form';

/** The items of a list with a new one at the end, at the values the catalogue gives a new item. */
export function withNewItem(field: ListField, items: readonly FormValues[]): FormValues[] {
  return [...items, formValues(field.fields)];
}

/** The items of a list without the one at `index`. */
export function withoutItem(items: readonly FormValues[], index: number): FormValues[] {
  return items.filter((_, at) => at !== index);
}

/** An item as a user names it, counting from 1: `Fluctuations item 2`. */
export function itemName(field: ListField, index: number): string {
  return `${field.label} item ${index + 1}`;
}
