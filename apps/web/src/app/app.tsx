import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { TokenDialog } from '../ui/token-dialog';
import { HistoryPage } from './history/history-page';
import { routeOf, type Route } from './routes';
import { ConnectionProvider, useConnection } from './services-context';

/**
 * The app shell: a skip link to the page's content, the top navigation and the page of the path,
 * with the token dialog when a call needs it.
 */
export function App() {
  const route = routeOf(window.location.pathname);
  return (
    <ConnectionProvider>
      <a class="skip-link" href="#content" onClick={skipToContent}>
        Skip to content
      </a>
      <header class="top">
        <span class="brand">eventcast</span>
        <nav aria-label="Main">
          <a href="/" aria-current={route.page === 'history' ? 'page' : undefined}>
            History
          </a>
          <a href="/controllers" aria-current={route.page === 'controllers' ? 'page' : undefined}>
            Controllers
          </a>
          <a href="/datastore" aria-current={route.page === 'datastore' ? 'page' : undefined}>
            Datastore
          </a>
        </nav>
      </header>
      <main id="content" tabIndex={-1}>
        {route.page === 'history' ? (
          <HistoryPage />
        ) : route.page === 'datastore' ? (
          <LazyPage load={loadDatastorePage} />
        ) : (
          <LazyPage load={loadControllerPages} route={route} />
        )}
      </main>
      <TokenPrompt />
    </ConnectionProvider>
  );
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
      ({ route }: { route?: ControllerRoute }) =>
        route?.page === 'blocks' ? <pages.BlocksPage serviceId={route.serviceId} /> : <pages.ControllersPage />,
  );

const loadDatastorePage = () => import('./datastore/datastore-page').then(({ DatastorePage }) => DatastorePage);

/** A page whose code loads only when it is opened: the first page stays small. */
function LazyPage({
  load,
  route,
}: {
  load: () => Promise<ComponentType<{ route?: ControllerRoute }>>;
  route?: ControllerRoute;
}) {
  const [page, setPage] = useState<{ Page: ComponentType<{ route?: ControllerRoute }> }>();
  const [problem, setProblem] = useState('');
  useEffect(() => {
    load().then(
      (Page) => setPage({ Page }),
      (error: unknown) => setProblem(`The page could not be loaded: ${String(error)}`),
    );
  }, [load]);
  if (problem) return <p class="problem">{problem}</p>;
  if (!page) return <p class="hint">Loading…</p>;
  return <page.Page route={route} />;
}

/** The token dialog, in the page only while a token is wanted. */
function TokenPrompt() {
  return useConnection().tokenWanted ? <TokenDialog /> : null;
}
