import type { Incident } from './automation.types';

/** What happened to an incident. */
export const INCIDENT_EVENT_TYPES = ['opened', 'closed', 'acknowledged'] as const;
export type IncidentEventType = (typeof INCIDENT_EVENT_TYPES)[number];

/** The payload of `eventcast/automation/incidents/<rule id>`: an incident as it is after the change. */
export interface IncidentEvent {
  type: IncidentEventType;
  incident: Incident;
}

/** The incident event in a payload (parsed JSON), or undefined for anything else. */
export function incidentEventOf(payload: unknown): IncidentEvent | undefined {
  const event = payload as Partial<IncidentEvent> | null;
  if (typeof event !== 'object' || event === null) return undefined;
  if (!INCIDENT_EVENT_TYPES.includes(event.type as IncidentEventType)) return undefined;
  const incident = event.incident as Partial<Incident> | undefined;
  const valid =
    typeof incident === 'object' &&
    incident !== null &&
    typeof incident.id === 'string' &&
    typeof incident.ruleId === 'string' &&
    typeof incident.ruleTitle === 'string' &&
    typeof incident.openedAt === 'string' &&
    typeof incident.message === 'string' &&
    typeof incident.subject === 'string';
  return valid ? (event as IncidentEvent) : undefined;
}
