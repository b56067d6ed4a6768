import { TokenDialog } from '../ui/token-dialog';
import { HistoryPage } from './history/history-page';
import { ConnectionProvider, useConnection } from './services-context';

/** The app shell: the top navigation and the one page so far, with the token dialog when a call needs it. */
export function App() {
  return (
    <ConnectionProvider>
      <header class="top">
        <span class="brand">eventcast</span>
        <nav aria-label="Main">
          <a href="/" aria-current="page">
            History
          </a>
        </nav>
      </header>
      <main>
        <HistoryPage />
      </main>
      <TokenPrompt />
    </ConnectionProvider>
  );
}

/** The token dialog, in the page only while a token is wanted. */
function TokenPrompt() {
  return useConnection().tokenWanted ? <TokenDialog /> : null;
}
