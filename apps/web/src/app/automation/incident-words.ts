import { durationText, type Incident } from '@eventcast/automation-model';

/** A time as the page shows it: the browser's date and time, to the minute. */
export function shownTime(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A span as a brewer says it: seconds under a minute, else to the minute (`12 min`, `1 h 30 min`). */
export function spanText(ms: number): string {
  const seconds = Math.max(0, ms / 1000);
  return durationText(seconds < 60 ? Math.floor(seconds) : Math.round(seconds / 60) * 60);
}

/**
 * When an incident opened and how long it lasted, or has lasted by `nowMs`:
 * `Open since <time> (12 min)`, `Closed <time>, after 30 min`.
 */
export function incidentSpan(incident: Incident, nowMs: number, time = shownTime): string {
  const openedMs = Date.parse(incident.openedAt);
  if (incident.closedAt === undefined) return `Open since ${time(openedMs)} (${spanText(nowMs - openedMs)})`;
  const closedMs = Date.parse(incident.closedAt);
  return `Opened ${time(openedMs)}, closed ${time(closedMs)}, after ${spanText(closedMs - openedMs)}`;
}

/** Who acknowledged an incident and when, or that nobody has yet. */
export function acknowledgement(incident: Incident, time = shownTime): string {
  if (incident.acknowledgedAt === undefined) return 'Not acknowledged';
  return `Acknowledged by ${incident.acknowledgedBy ?? 'someone'}, ${time(Date.parse(incident.acknowledgedAt))}`;
}
