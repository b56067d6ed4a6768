import { isTemperatureUnit, UNITS_KEY } from '@eventcast/block-model';

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
