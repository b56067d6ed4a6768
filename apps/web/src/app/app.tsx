import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { TokenDialog } from '../ui/token-dialog';
import { HistoryPage } from './history/history-page';
import { routeOf, type Route } from './routes';
import { ConnectionProvider, useConnection } from './services-context';

/** The app shell: the top navigation and the page of the path, with the token dialog when a call needs it. */
export function App() {
  const route = routeOf(window.location.pathname);
  const onControllers = route.page !== 'history';
  return (
    <ConnectionProvider>
      <header class="top">
        <span class="brand">eventcast</span>
        <nav aria-label="Main">
          <a href="/" aria-current={onControllers ? undefined : 'page'}>
            History
          </a>
          <a href="/controllers" aria-current={route.page === 'controllers' ? 'page' : undefined}>
            Controllers
          </a>
        </nav>
      </header>
      <main>{route.page === 'history' ? <HistoryPage /> : <ControllerPages route={route} />}</main>
      <TokenPrompt />
    </ConnectionProvider>
  );
}

type ControllerPagesModule = typeof import('./controllers/controller-pages');

/** The controller pages, whose code loads only when one is opened: the first page stays small. */
function ControllerPages({ route }: { route: Exclude<Route, { page: 'history' }> }) {
  const [pages, setPages] = useState<ControllerPagesModule>();
  const [problem, setProblem] = useState('');
  useEffect(() => {
    import('./controllers/controller-pages').then(setPages, (error: unknown) =>
      setProblem(`The page could not be loaded: ${String(error)}`),
    );
  }, []);
  if (problem) return <p class="problem">{problem}</p>;
  if (!pages) return <p class="hint">Loading…</p>;
  const Page: ComponentType<{ serviceId: string }> =
    route.page === 'controllers' ? pages.ControllersPage : pages.BlocksPage;
  return <Page serviceId={route.page === 'blocks' ? route.serviceId : ''} />;
}

/** The token dialog, in the page only while a token is wanted. */
function TokenPrompt() {
  return useConnection().tokenWanted ? <TokenDialog /> : null;
}
