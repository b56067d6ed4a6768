import type { Incident, Rule } from '@eventcast/automation-model';

/** What the browser allows: `unsupported` where it has no Notification API (an old browser, an insecure origin). */
export type NotificationPermissionState = NotificationPermission | 'unsupported';

/** Whether this browser shows notifications for the page, may be asked, or was refused. */
export function notificationPermission(): NotificationPermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser once (it remembers the answer); the answer, or `unsupported`. */
export async function askForNotifications(): Promise<NotificationPermissionState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/** Whether a rule asks to be told in the web app: it has a `web` action. */
export function notifiesInBrowser(rule: Pick<Rule, 'actions'> | undefined): boolean {
  return rule?.actions.some((action) => action.type === 'web') ?? false;
}

/**
 * Shows an incident that opened as a notification of the browser, when the user allowed it; one
 * per incident, whatever number of pages are open (the incident's id is its tag).
 */
export function showIncidentNotification(incident: Incident): void {
  if (notificationPermission() !== 'granted') return;
  new Notification(incident.ruleTitle, { body: incident.message, tag: incident.id });
}
