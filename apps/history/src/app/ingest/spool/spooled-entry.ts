import { Annotation, TimedValues } from '@eventcast/time-series-store';
import { valuesOfSpooledEvent } from '../history-event.util';

/**
 * Marks a spool record that holds an annotation rather than a history event as delivered. A
 * history event is spooled only when it is a valid JSON object, so its first byte is never this one.
 */
const ANNOTATION_MARK = 0x1e;

/** The spool record of an annotation: the mark, then the annotation as JSON. */
export function annotationRecord(annotation: Annotation): Buffer {
  return Buffer.concat([Buffer.of(ANNOTATION_MARK), Buffer.from(JSON.stringify(annotation))]);
}

/** What a spool record read back holds: the values of a history event, or an annotation. */
export function entryOfSpooledPayload(payload: Buffer): Pick<TimedValues, 'values' | 'annotation'> {
  if (payload[0] !== ANNOTATION_MARK) return { values: valuesOfSpooledEvent(payload) };
  return { values: new Map(), annotation: JSON.parse(payload.subarray(1).toString()) as Annotation };
}

/** What an entry weighs in the writer's queue and batches: its values, and one for an annotation. */
export function entrySize(entry: Pick<TimedValues, 'values' | 'annotation'>): number {
  return entry.values.size + (entry.annotation ? 1 : 0);
}
