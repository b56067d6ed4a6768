import { isQuantity } from '@eventcast/domain';
import { BlockTrigger } from '../automation.types';
import { LastingSubject, Reading, SubjectEvent } from './lasting-watch';
import { blockById, valueAtPath } from './observed-blocks';
import { ThresholdBand, thresholdBand, unitlessSpec } from './threshold-band';
import { forText, valueText } from './trigger-text';

interface BlockReading extends Reading {
  /** The block is not in the state event. */
  gone?: true;
  /** The band the value was compared with, in the value's unit. */
  band?: ThresholdBand;
}

type Comparable = number | string | boolean | null;

/**
 * A block's field at `path` (dots between levels), read from its controller's state events, with
 * the same lasting condition as the other triggers (`LastingWatch`). With `equals` it is past its
 * condition while the field equals that value (a quantity compares its number). With a threshold it
 * is a threshold trigger on the field's number: a quantity `{value, unit}` compares it in its own
 * unit (so a change of the user's temperature unit is followed), a plain number as it is. A state
 * event without the block clears it; a last will, or a field without a number for a threshold,
 * tells nothing and changes nothing (the offline trigger is the rule for a controller gone).
 */
export function blockSubject(trigger: BlockTrigger): LastingSubject<BlockReading> {
  const subject = `${trigger.serviceId}/${trigger.blockId}/${trigger.path}`;
  const forS = trigger.forS ?? 0;
  const readValue = valueReader(trigger);
  const path = trigger.path.split('.');
  return {
    subject,
    forS,
    concerns: (event) => event.kind === 'state' && event.serviceId === trigger.serviceId,
    read: (event: SubjectEvent) => {
      if (event.kind !== 'state' || event.blocks === null) return undefined;
      const block = blockById(event.blocks, trigger.blockId);
      if (block === undefined) return { breached: false, recovered: true, gone: true };
      return readValue(valueAtPath(block.data, path));
    },
    firedMessage: ({ value, band }) =>
      `${subject} is ${band && typeof value === 'number' ? band.pastText(value) : valueText(value)}${forText(forS)}`,
    clearedMessage: ({ value, band, gone }) => {
      if (gone) return `${subject}: block ${trigger.blockId} is no longer in the controller's state`;
      if (band && typeof value === 'number') return `${subject} is ${band.backText(value)}`;
      return `${subject} is ${valueText(value)}, no longer ${valueText(trigger.equals)}`;
    },
  };
}

function valueReader(trigger: BlockTrigger): (raw: unknown) => BlockReading | undefined {
  const { equals, when, threshold } = trigger;
  if (equals !== undefined) {
    return (raw) => {
      const value = comparable(raw);
      return { breached: value === equals, recovered: value !== equals, value };
    };
  }
  if (when === undefined || threshold === undefined) {
    throw new Error(`the block trigger on ${trigger.blockId} has neither equals nor a threshold`);
  }
  const spec = { when, threshold, hysteresis: trigger.hysteresis };
  const plainBand = thresholdBand(unitlessSpec(spec), undefined);
  const bandIn = lastBandOf((unit) => thresholdBand(spec, unit, unit));
  return (raw) => {
    const value = comparable(raw);
    if (typeof value !== 'number') return undefined;
    const band = isQuantity(raw) ? bandIn(raw.unit) : plainBand;
    return band && { ...band.verdict(value), value, band };
  };
}

/** Remembers the band of the last unit asked for: a field's unit changes only with the user's setting. */
function lastBandOf(bandIn: (unit: string) => ThresholdBand | undefined): (unit: string) => ThresholdBand | undefined {
  let last: { unit: string; band: ThresholdBand | undefined } | undefined;
  return (unit) => {
    if (last?.unit !== unit) last = { unit, band: bandIn(unit) };
    return last.band;
  };
}

/** A field's value as the trigger compares it: a quantity's number, a plain value as it is, else undefined. */
function comparable(raw: unknown): Comparable | undefined {
  if (isQuantity(raw)) return raw.value;
  const plain = raw === null || ['number', 'string', 'boolean'].includes(typeof raw);
  return plain ? (raw as Comparable) : undefined;
}
