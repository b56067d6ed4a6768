import { fieldText, findBlockType } from '@eventcast/block-model';
import { shownSpec, shownValue } from './block-values';

/** The label of a field of a block type, as the block's form and card name it (`Setpoint` for `storedSetting`). */
export function fieldLabel(type: string, field: string): string {
  return fieldText(type, field).label;
}

/**
 * A value of a field of a block type as the block's card shows it: rounded for its unit, with the
 * unit (`20.00 °C`, `50.0 %`), an enum value by its label (`Off`), a link by the block it names
 * (a quick action keeps the id, the controller a Link), `yes` or `no`; `not set` when there is none.
 */
export function fieldValueText(type: string, field: string, value: unknown): string {
  if (value === null || value === undefined) return 'not set';
  const shown = shownValue(value, shownSpec(findBlockType(type)?.shape, field));
  switch (shown.kind) {
    case 'text':
      return shown.text;
    case 'link':
      return shown.target ?? 'not set';
    default:
      return JSON.stringify(value);
  }
}
