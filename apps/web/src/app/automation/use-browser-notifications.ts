import { useState } from 'preact/hooks';
import type { Incident } from '@eventcast/automation-model';
import type { ListedRule } from './automation-calls';
import {
  askForNotifications,
  notificationPermission,
  notifiesInBrowser,
  showIncidentNotification,
  type NotificationPermissionState,
} from './browser-notifications';

/**
 * The browser's notifications of incidents: `notify` shows an incident that opened when its rule
 * has a `web` action and the user allowed it; `ask` asks the browser, once, on the user's click.
 */
export function useBrowserNotifications(rules: readonly ListedRule[]): {
  permission: NotificationPermissionState;
  ask: () => void;
  notify: (incident: Incident) => void;
} {
  const [permission, setPermission] = useState(notificationPermission);
  const ask = () => void askForNotifications().then(setPermission);
  const notify = (incident: Incident) => {
    if (notifiesInBrowser(rules.find(({ id }) => id === incident.ruleId))) showIncidentNotification(incident);
  };
  return { permission, ask, notify };
}
