import { ThresholdTrigger } from '../automation.types';
import { fieldUnit } from '../field-units';
import { LastingSubject, Reading } from './lasting-watch';
import { thresholdBand } from './threshold-band';
import { forText } from './trigger-text';

/**
 * A history field above or below a threshold (converted into the field's unit) for `forS`
 * seconds, with hysteresis: see `ThresholdBand` and `LastingWatch`. Throws when the threshold or
 * the hysteresis does not fit the field's unit, which the rule's validation refuses.
 */
export function thresholdSubject(trigger: ThresholdTrigger): LastingSubject<Reading & { value: number }> {
  const band = thresholdBand(trigger, fieldUnit(trigger.field));
  if (band === undefined) throw new Error(`the threshold of ${trigger.field} does not fit its unit`);
  const forS = trigger.forS ?? 0;
  return {
    subject: trigger.field,
    forS,
    concerns: (event) => event.kind === 'value' && event.field === trigger.field,
    read: (event) => (event.kind === 'value' ? { ...band.verdict(event.value), value: event.value } : undefined),
    firedMessage: ({ value }) => `${trigger.field} is ${band.pastText(value)}${forText(forS)}`,
    clearedMessage: ({ value }) => `${trigger.field} is ${band.backText(value)}`,
  };
}
