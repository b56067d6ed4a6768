// Lengths of time, defined once: in milliseconds, as JavaScript dates and the browser count, and in
// microseconds, as history times are stored (docs/history.md).

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Microseconds in a millisecond. */
const US_PER_MS = 1_000;
export const MINUTE_US = MINUTE_MS * US_PER_MS;
export const HOUR_US = HOUR_MS * US_PER_MS;
export const DAY_US = DAY_MS * US_PER_MS;
