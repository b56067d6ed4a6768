import { fieldLabel, fieldValueText } from '../../common/field-words';
import type { Change } from './action-changes';

/** One change as the lists of a quick action read it: `fermenter · Beer setpoint · Setpoint = 20.00 °C`. */
export function changeLine({ serviceId, blockId, type, field, value }: Change): string {
  return `${serviceId} · ${blockId} · ${fieldLabel(type, field)} = ${fieldValueText(type, field, value)}`;
}
