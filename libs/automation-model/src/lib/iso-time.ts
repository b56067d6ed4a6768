/** An ISO 8601 time with its date, hours, minutes and a zone: `2024-05-01T08:00:00Z`, `2024-05-01T10:00+02:00`. */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `value` is an ISO 8601 time with a zone (`Z` or an offset) that names a real instant:
 * Date.parse takes 2024-02-30 as the 1st of March and 24:00 as the next day, this does not.
 */
export function isIsoTime(value: unknown): value is string {
  const match = typeof value === 'string' ? ISO_TIME.exec(value) : null;
  if (match === null) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= days &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59
  );
}
