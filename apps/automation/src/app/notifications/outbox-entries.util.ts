import type { Incident } from '@eventcast/automation-model';
import type {
  Notification,
  NotificationEvent,
  NotificationFacts,
  NotificationRequest,
  NotifyAction,
} from '../ports/automation-store.port';

/** The receiver of every MQTT notification: they share one order. */
export const MQTT_RECEIVER = 'mqtt';

/** Whom a notification goes to: its webhook's URL, or the broker. Each receiver gets its notifications in order. */
export function receiverOf(action: NotifyAction): string {
  return action.type === 'webhook' ? action.url : MQTT_RECEIVER;
}

/** The facts of `incident` as they stand, told at `time`. */
export function incidentFacts(incident: Incident, time: string): NotificationFacts {
  return {
    rule: incident.ruleTitle,
    message: incident.message,
    subject: incident.subject,
    ...(incident.value === undefined ? {} : { value: incident.value }),
    incident: incident.id,
    time,
  };
}

/**
 * The outbox entries of `requests`, numbered after the `notifiedBefore` notifications the incident
 * already had, so no key is ever given twice even when a rule's actions change between reminders.
 */
export function outboxEntries(
  incident: Incident,
  event: NotificationEvent,
  requests: NotificationRequest[],
  notifiedBefore: number,
  nowMs: number,
): Notification[] {
  return requests.map(({ action, facts }, index) => ({
    key: `${incident.id}:${event}:${notifiedBefore + index + 1}`,
    incidentId: incident.id,
    ruleId: incident.ruleId,
    event,
    action,
    facts,
    enqueuedAtMs: nowMs,
    attempts: 0,
    retryAtMs: nowMs,
  }));
}
