import { DashboardView } from './dashboard-view';
import { DashboardsList } from './dashboards-list';
import { DASHBOARDS_PATH } from './dashboard-routes';
import type { Dashboards } from './use-dashboards';
import type { AvailableWidgetTypes } from './widget-kinds';

/** Which dashboards page: the list, or one dashboard, as a kiosk or not. */
export type DashboardsRoute = { page: 'dashboards' } | { page: 'dashboard'; id: string; kiosk: boolean };

/** The page of a dashboards route, with the dashboards the app shell follows for its navigation too. */
export function DashboardsPages({
  route,
  dashboards,
  widgetTypes,
}: {
  route: DashboardsRoute;
  dashboards: Dashboards;
  widgetTypes: AvailableWidgetTypes;
}) {
  if (route.page === 'dashboards') return <DashboardsList {...dashboards} />;
  const dashboard = dashboards.dashboards.find(({ id }) => id === route.id);
  if (!dashboard) {
    if (dashboards.problem) return <p class="problem">{dashboards.problem}</p>;
    if (!dashboards.loaded) return <p class="hint">Loading…</p>;
    return (
      <p class="hint">
        There is no dashboard {route.id}: it may have been deleted. <a href={DASHBOARDS_PATH}>All dashboards</a>
      </p>
    );
  }
  return (
    <>
      {dashboards.problem && (
        <p role="alert" class="problem">
          {dashboards.problem}
        </p>
      )}
      <DashboardView
        dashboard={dashboard}
        widgetTypes={widgetTypes}
        kiosk={route.kiosk}
        live={dashboards.live}
        save={dashboards.save}
      />
    </>
  );
}
