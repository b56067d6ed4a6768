import type { ComponentChildren, ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { TokenDialog } from '../ui/token-dialog';
import { Icon } from '../ui/icons';
import { DashboardsMenu } from './dashboards/dashboards-menu';
import type { DashboardsRoute } from './dashboards/dashboards-pages';
import { useDashboards, type Dashboards } from './dashboards/use-dashboards';
import { HistoryPage } from './history/history-page';
import { routeOf, type Route } from './routes';
import { ConnectionProvider, useConnection } from './services-context';

/**
 * The app shell: a skip link to the page's content, the top navigation and the page of the path,
 * with the token dialog when a call needs it; a dashboard in kiosk mode shows alone.
 */
export function App() {
  return (
    <ConnectionProvider>
      <Shell route={routeOf(window.location.pathname, window.location.search)} />
    </ConnectionProvider>
  );
}

function Shell({ route }: { route: Route }) {
  return route.page === 'dashboards' || route.page === 'dashboard' ? (
    <DashboardsShell route={route} />
  ) : (
    <Frame route={route} menu={<OpenedDashboardsMenu />}>
      <Page route={route} />
    </Frame>
  );
}

/** The dashboards' pages, which follow the dashboards live, and the navigation's list of them with them. */
function DashboardsShell({ route }: { route: DashboardsRoute }) {
  const dashboards = useDashboards(true);
  const current = route.page === 'dashboard' ? route.id : '';
  return (
    <Frame
      route={route}
      kiosk={route.page === 'dashboard' && route.kiosk}
      menu={<DashboardsMenu dashboards={dashboards.dashboards} current={current} />}
    >
      <LazyPage load={loadDashboardsPages} props={{ route, dashboards }} />
    </Frame>
  );
}

/**
 * The navigation's list of dashboards on the other pages: as they were when the page opened, with
 * no stream of its own, and in a component of its own, so that its answer re-renders no page.
 */
function OpenedDashboardsMenu() {
  return <DashboardsMenu dashboards={useDashboards(false).dashboards} />;
}

/** The skip link, the top bar with the navigation (none in kiosk mode), the page and the token dialog. */
function Frame({
  route,
  kiosk = false,
  menu,
  children,
}: {
  route: Route;
  kiosk?: boolean;
  menu: ComponentChildren;
  children: ComponentChildren;
}) {
  return (
    <>
      {!kiosk && (
        <>
          <a class="skip-link" href="#content" onClick={skipToContent}>
            Skip to content
          </a>
          <header class="top">
            <span class="brand">eventcast</span>
            <nav aria-label="Main">
              <a href="/" aria-current={route.page === 'history' ? 'page' : undefined}>
                <Icon name="graph" />
                History
              </a>
              <a href="/brews" aria-current={route.page === 'brews' ? 'page' : undefined}>
                <Icon name="flask" />
                Brew log
              </a>
              {menu}
              <a
                href="/alerts"
                aria-current={['incidents', 'rules', 'profiles'].includes(route.page) ? 'page' : undefined}
              >
                <Icon name="bell" />
                Alerts
              </a>
              <a href="/controllers" aria-current={route.page === 'controllers' ? 'page' : undefined}>
                <Icon name="chip" />
                Controllers
              </a>
              <a href="/datastore" aria-current={route.page === 'datastore' ? 'page' : undefined}>
                <Icon name="database" />
                Datastore
              </a>
            </nav>
          </header>
        </>
      )}
      <main id="content" tabIndex={-1}>
        {children}
      </main>
      <TokenPrompt />
    </>
  );
}

function Page({ route }: { route: Exclude<Route, DashboardsRoute> }) {
  switch (route.page) {
    case 'history':
      return <HistoryPage />;
    case 'datastore':
      return <LazyPage load={loadDatastorePage} props={{}} />;
    case 'brews':
      return <LazyPage load={loadBrewLogPage} props={{}} />;
    case 'incidents':
      return <LazyPage load={loadIncidentsPage} props={{}} />;
    case 'rules':
      return <LazyPage load={loadRulesPage} props={{}} />;
    case 'profiles':
      return <LazyPage load={loadProfilesPage} props={{}} />;
    case 'quick-start':
      return <LazyPage load={loadQuickStartPage} props={{ serviceId: route.serviceId }} />;
    default:
      return <LazyPage load={loadControllerPages} props={{ route }} />;
  }
}

/** Moves the focus to the page's content, so that the next Tab reaches its first control, without a `#` in the URL. */
function skipToContent(event: MouseEvent): void {
  event.preventDefault();
  document.getElementById('content')?.focus();
}

type ControllerRoute = Extract<Route, { page: 'controllers' | 'blocks' }>;

/** The page of a controller route, from the controller pages' module. */
const loadControllerPages = () =>
  import('./controller-pages').then(
    (pages) =>
      ({ route }: { route: ControllerRoute }) =>
        route.page === 'blocks' ? <pages.BlocksPage serviceId={route.serviceId} /> : <pages.ControllersPage />,
  );

/** The quick start of a controller, whose wizards load only when it is opened. */
const loadQuickStartPage = () => import('./wizards/quick-start-page').then(({ QuickStartPage }) => QuickStartPage);

const loadDatastorePage = () => import('./datastore/datastore-page').then(({ DatastorePage }) => DatastorePage);

/** The automation's pages, which load only when one is opened. */
const loadIncidentsPage = () => import('./automation/incidents-page').then(({ IncidentsPage }) => IncidentsPage);
const loadRulesPage = () => import('./automation/rules-page').then(({ RulesPage }) => RulesPage);
const loadProfilesPage = () => import('./automation/profiles-page').then(({ ProfilesPage }) => ProfilesPage);

const loadBrewLogPage = () => import('./history/brew-log-page').then(({ BrewLogPage }) => BrewLogPage);

/** The dashboards' pages with the widget types of every feature, which load with them. */
const loadDashboardsPages = () =>
  Promise.all([import('./dashboards/dashboards-pages'), import('./dashboard-widgets')]).then(
    ([{ DashboardsPages }, { widgetTypes }]) =>
      ({ route, dashboards }: { route: DashboardsRoute; dashboards: Dashboards }) => (
        <DashboardsPages route={route} dashboards={dashboards} widgetTypes={widgetTypes} />
      ),
  );

/** A page whose code loads only when it is opened: the first page stays small. */
function LazyPage<P extends object>({ load, props }: { load: () => Promise<ComponentType<P>>; props: P }) {
  const [page, setPage] = useState<{ Page: ComponentType<P> }>();
  const [problem, setProblem] = useState('');
  useEffect(() => {
    load().then(
      (Page) => setPage({ Page }),
      (error: unknown) => setProblem(`The page could not be loaded: ${String(error)}`),
    );
  }, [load]);
  if (problem) return <p class="problem">{problem}</p>;
  if (!page) return <p class="hint">Loading…</p>;
  return <page.Page {...props} />;
}

/** The token dialog, in the page only while a token is wanted. */
function TokenPrompt() {
  return useConnection().tokenWanted ? <TokenDialog /> : null;
}
