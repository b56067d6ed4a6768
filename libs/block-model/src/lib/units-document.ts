import { documentKey } from '@eventcast/domain';
import { isTemperatureUnit, type TemperatureUnit } from './units';

/** Where the user's unit preferences live: the datastore document `svc-global:units`. */
export const UNITS_NAMESPACE = 'svc-global';
export const UNITS_ID = 'units';
export const UNITS_KEY = documentKey(UNITS_NAMESPACE, UNITS_ID);

/** The temperature unit a units document asks for; degC when it is absent or says nothing usable. */
export function temperatureUnitOf(document: unknown): TemperatureUnit {
  const temperature = (document as { temperature?: unknown } | null)?.temperature;
  return isTemperatureUnit(temperature) ? temperature : 'degC';
}

/**
 * What a datastore change event on `eventcast/datastore/svc-global` means for the units document:
 * the new document, `null` when it was deleted, undefined when the event is about other documents.
 */
export function unitsDocumentIn(event: unknown): unknown {
  if (typeof event !== 'object' || event === null) return undefined;
  const { changed, deleted } = event as { changed?: unknown; deleted?: unknown };
  if (Array.isArray(deleted) && deleted.includes(UNITS_KEY)) return null;
  if (!Array.isArray(changed)) return undefined;
  return changed.find((document) => document?.namespace === UNITS_NAMESPACE && document?.id === UNITS_ID);
}
