import { useCallback, useEffect, useState } from 'preact/hooks';
import { formatViewState, parseViewState, type ViewState } from './view-state';

/** The view held in the page's URL, and a setter that writes every change back to the URL. */
export function useViewState(): [ViewState, (change: (view: ViewState) => ViewState) => void] {
  const [view, setView] = useState(() => parseViewState(window.location.search));
  useEffect(() => {
    const onPopState = () => setView(parseViewState(window.location.search));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const update = useCallback((change: (view: ViewState) => ViewState) => {
    setView((previous) => {
      const next = change(previous);
      const search = formatViewState(next);
      window.history.replaceState(null, '', search === '' ? window.location.pathname : `?${search}`);
      return next;
    });
  }, []);
  return [view, update];
}
