import { useCallback, useEffect, useState } from 'preact/hooks';
import { dataOf } from '../../services/api';
import { useConnection } from '../services-context';
import { UI_NAMESPACE } from '../../common/ui-documents';
import { savedViewsOf, type SavedView } from './saved-views';

/** The saved views as the datastore lists them, why they could not be listed, and a way to list them again. */
export interface SavedViews {
  views: SavedView[];
  problem: string;
  reload: () => void;
}

/** Lists the saved views, again on each `reload` and with each new token. */
export function useSavedViews(): SavedViews {
  const { services } = useConnection();
  const [views, setViews] = useState<SavedView[]>([]);
  const [problem, setProblem] = useState('');
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    dataOf(services.datastore.POST('/mget', { body: { namespace: UI_NAMESPACE } }))
      .then(({ values }) => {
        if (!current) return;
        setViews(savedViewsOf(values as Record<string, unknown>[]));
        setProblem('');
      })
      .catch((error: Error) => current && setProblem(`Could not list the saved views: ${error.message}`));
    return () => {
      current = false;
    };
  }, [services, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { views, problem, reload };
}
