import { isTemperatureUnit, TemperatureUnit } from '@eventcast/block-model';
import { documentKey } from '@eventcast/domain';

/** Where the user's unit preferences live: the document `svc-global:units`. */
export const UNITS_NAMESPACE = 'svc-global';
export const UNITS_ID = 'units';
export const UNITS_KEY = documentKey(UNITS_NAMESPACE, UNITS_ID);

/** The temperature unit a units document asks for; degC when it is absent or says nothing usable. */
export function temperatureUnitOf(document: unknown): TemperatureUnit {
  const temperature = (document as { temperature?: unknown } | null)?.temperature;
  return isTemperatureUnit(temperature) ? temperature : 'degC';
}

/** Longest part of a bad setting quoted in a log line or the health answer. */
const QUOTED_CHARACTERS = 80;

/**
 * What is wrong with the temperature a units document asks for, or undefined when it asks for degC
 * or degF or for nothing: a value the controller cannot use, which it replaces with degC.
 */
export function temperatureProblemOf(document: unknown): string | undefined {
  const temperature = (document as { temperature?: unknown } | null)?.temperature;
  if (temperature === undefined || isTemperatureUnit(temperature)) return undefined;
  const quoted = JSON.stringify(temperature);
  const shown = quoted.length > QUOTED_CHARACTERS ? `${quoted.slice(0, QUOTED_CHARACTERS)}...` : quoted;
  return `${UNITS_KEY}: temperature ${shown} is not degC or degF; temperatures are in degC`;
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
