import { useEffect, useState } from 'preact/hooks';
import { dataOf } from '../../services/api';
import { useConnection } from '../services-context';

/** How far back a field's last value may lie for the picker to list it. */
const FIELDS_WITHIN = '3650d';

/** The names of the stored fields (sorted), loaded once per connection; `error` when the call failed. */
export function useFields(): { fields: readonly string[]; error?: string; loading: boolean; reload: () => void } {
  const { services } = useConnection();
  const [state, setState] = useState<{ fields: readonly string[]; error?: string; loading: boolean }>({
    fields: [],
    loading: true,
  });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    dataOf(services.history.POST('/timeseries/fields', { body: { duration: FIELDS_WITHIN } }))
      .then((fields) => current && setState({ fields, loading: false }))
      .catch((error: Error) => current && setState({ fields: [], error: error.message, loading: false }));
    return () => {
      current = false;
    };
  }, [services, generation]);
  return { ...state, reload: () => setGeneration((n) => n + 1) };
}
