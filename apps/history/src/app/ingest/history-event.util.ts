import { validateSync } from 'class-validator';
import { describeProblems, HistoryEventDto } from '@eventcast/domain';
import { flattenHistoryEvent } from '@eventcast/flatten';

/** A payload read as a history event, or why it is not one. */
export type HistoryEventReading = { ok: true; event: HistoryEventDto } | { ok: false; reason: string };

/**
 * Checks a payload against the rules of `HistoryEventDto` (a string `key`, an object `data`).
 * Only the two top-level fields are copied into the DTO: `validateDto` would first deep-copy the
 * whole `data` tree, which costs more than flattening it.
 */
export function readHistoryEvent(payload: unknown): HistoryEventReading {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { ok: false, reason: 'the payload is not a JSON object' };
  }
  const { key, data } = payload as Record<string, unknown>;
  const event = Object.assign(new HistoryEventDto(), { key, data });
  const errors = validateSync(event, { validationError: { target: false, value: false } });
  return errors.length === 0 ? { ok: true, event } : { ok: false, reason: describeProblems(errors).join('; ') };
}

/**
 * The values of an event read back from the spool. Only valid events are spooled, and flattening
 * is deterministic, so these are the values the event had when it arrived.
 */
export function valuesOfSpooledEvent(payload: Buffer): Map<string, number> {
  const reading = readHistoryEvent(JSON.parse(payload.toString()));
  return reading.ok ? flattenHistoryEvent(reading.event) : new Map();
}
