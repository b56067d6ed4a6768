import { Incident, Rule } from '@eventcast/automation-model';
import { NotificationRequest } from '../ports/automation-store.port';

/** The notifications of an incident's event, one per notify action of its rule, as of `atMs`. */
export function incidentNotifications(rule: Rule, incident: Incident, atMs: number): NotificationRequest[] {
  const facts = {
    rule: rule.title,
    message: incident.message,
    subject: incident.subject,
    value: incident.value ?? null,
    incident: incident.id,
    time: new Date(atMs).toISOString(),
  };
  return rule.actions.flatMap((action) =>
    action.type === 'webhook' || action.type === 'mqtt' ? [{ action, facts }] : [],
  );
}
