const UNIT_LABELS: Record<string, string> = {
  degC: '°C',
  degF: '°F',
  delta_degC: 'Δ°C',
  delta_degF: 'Δ°F',
  second: 's',
  minute: 'min',
  hour: 'h',
};

/** A unit as a reader writes it: `°C`, `Δ°F`, `s`, `1 / °C`; a unit not known here as given. */
export function unitLabel(unit: string): string {
  return unit
    .split(/(\s*[*/]\s*)/)
    .map((term) => UNIT_LABELS[term] ?? term)
    .join('');
}
