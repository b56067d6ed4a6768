import type { NotificationPermissionState } from './browser-notifications';

/** Offers the browser's notifications while the user has not been asked; says what the browser decided after. */
export function NotificationsOffer({
  permission,
  wanted,
  onAsk,
}: {
  permission: NotificationPermissionState;
  /** A rule has a web action: there is something to notify. */
  wanted: boolean;
  onAsk: () => void;
}) {
  if (!wanted) return null;
  switch (permission) {
    case 'default':
      return (
        <p class="hint">
          Rules with <em>Notify in this browser</em> can show a notification of this browser when an incident opens.{' '}
          <button type="button" onClick={onAsk}>
            Allow browser notifications
          </button>
        </p>
      );
    case 'granted':
      return (
        <p class="hint">
          This browser shows a notification when an incident of a rule with a browser notification opens.
        </p>
      );
    case 'denied':
      return (
        <p class="hint">
          This browser blocks notifications from this page: its site settings can allow them. Incidents still show here.
        </p>
      );
    default:
      return <p class="hint">This browser cannot show notifications; incidents show here.</p>;
  }
}
