export const MICROS_PER_MS = 1_000;
export const MICROS_PER_SECOND = 1_000_000;

/** The wall-clock time in microseconds since the epoch. */
export function nowMicros(): number {
  return Date.now() * MICROS_PER_MS;
}

/** `2024-05-01T12:00:00.123456Z`: ISO 8601 in UTC with all six decimals of a microsecond time. */
export function formatIsoMicros(micros: number): string {
  const millis = Math.floor(micros / MICROS_PER_MS);
  const extra = micros - millis * MICROS_PER_MS;
  return new Date(millis).toISOString().replace('Z', `${String(extra).padStart(3, '0')}Z`);
}
