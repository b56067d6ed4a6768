import type { Incident, IncidentEvent } from '@eventcast/automation-model';

/** How many incidents the page lists: the open ones and the latest closed ones. */
export const INCIDENTS_SHOWN = 100;

/** What a brewer reads of an incident at a glance. */
export type IncidentState = 'open' | 'acknowledged' | 'closed';

/** Open and not acknowledged, open and acknowledged, or closed. */
export function incidentState(incident: Incident): IncidentState {
  if (incident.closedAt !== undefined) return 'closed';
  return incident.acknowledgedAt === undefined ? 'open' : 'acknowledged';
}

/**
 * The incidents after an event: the incident replaced where it was listed, else added; newest
 * first, as the service lists them, and at most {@link INCIDENTS_SHOWN}.
 */
export function withIncidentEvent(incidents: readonly Incident[], { incident }: IncidentEvent): Incident[] {
  const others = incidents.filter(({ id }) => id !== incident.id);
  return [incident, ...others].sort(newestFirst).slice(0, INCIDENTS_SHOWN);
}

/** The open incidents first (newest first), then the closed ones (newest first). */
export function openFirst(incidents: readonly Incident[]): Incident[] {
  const open = incidents.filter((incident) => incident.closedAt === undefined);
  const closed = incidents.filter((incident) => incident.closedAt !== undefined);
  return [...open, ...closed];
}

function newestFirst(a: Incident, b: Incident): number {
  return Date.parse(b.openedAt) - Date.parse(a.openedAt);
}
