import type { Incident } from '@eventcast/automation-model';

/** `incident` closed at `closedAt`; undefined when it is closed already. */
export function closedIncident(incident: Incident, closedAt: string): Incident | undefined {
  return incident.closedAt === undefined ? { ...incident, closedAt } : undefined;
}

/** `incident` reminded at `at`; undefined when it is closed or acknowledged, which stops reminders. */
export function remindedIncident(incident: Incident, at: string): Incident | undefined {
  if (incident.closedAt !== undefined || incident.acknowledgedAt !== undefined) return undefined;
  return { ...incident, remindedAt: at };
}

/** `incident` acknowledged by `by` at `at`; the first acknowledgement stands. */
export function acknowledgedIncident(incident: Incident, at: string, by: string): Incident {
  return incident.acknowledgedAt === undefined ? { ...incident, acknowledgedAt: at, acknowledgedBy: by } : incident;
}
