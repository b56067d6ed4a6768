import { fieldText } from '@eventcast/block-model';

/**
 * A link named as its field's form reads (`Sensor`, not `sensorId`); a link inside a list keeps
 * its item's number (`Fluctuations 2 Sensor`); a field the catalogue does not know, by its path.
 */
export function relationLabel(type: string | undefined, relation: readonly string[]): string {
  const field = relation.filter((part) => !/^\d+$/.test(part));
  if (type === undefined || field.length === 0) return relation.join('.');
  const { label } = fieldText([type, ...field.slice(0, -1)].join('.'), field[field.length - 1]);
  const items = relation.filter((part) => /^\d+$/.test(part)).map((index) => String(Number(index) + 1));
  return [label, ...items].join(' ');
}
