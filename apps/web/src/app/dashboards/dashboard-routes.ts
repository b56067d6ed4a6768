/** The page that lists the dashboards. */
export const DASHBOARDS_PATH = '/dashboards';

/** The path of dashboard `id`; with `kiosk`, its wall-screen view (no navigation, no edit controls). */
export function dashboardPath(id: string, kiosk = false): string {
  return `${DASHBOARDS_PATH}/${encodeURIComponent(id)}${kiosk ? '?kiosk' : ''}`;
}
