import { isTemperatureUnit, type TemperatureUnit } from '@eventcast/block-model';
import { documentKey, type DatastoreEvent } from '@eventcast/domain';

/** Where the user's temperature unit lives: the datastore document `svc-global:units` (docs/controller.md). */
export const UNITS_NAMESPACE = 'svc-global';
export const UNITS_ID = 'units';

/** The temperature unit a units document asks for; degC when it is absent or says nothing usable, as the controllers read it. */
export function userUnitIn(document: unknown): TemperatureUnit {
  const temperature = (document as { temperature?: unknown } | null)?.temperature;
  return isTemperatureUnit(temperature) ? temperature : 'degC';
}

/** The units document a datastore change event carries: the document, `null` when it was deleted, else undefined. */
export function unitsDocumentIn(event: DatastoreEvent): unknown {
  if ('deleted' in event) return event.deleted.includes(documentKey(UNITS_NAMESPACE, UNITS_ID)) ? null : undefined;
  return event.changed.find((document) => document.namespace === UNITS_NAMESPACE && document.id === UNITS_ID);
}
