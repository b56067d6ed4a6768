import { useEffect, useState } from 'preact/hooks';
import type { HistorySchemas } from '@eventcast/api-client';
import { dataOf } from '../../services/api';
import { useConnection } from '../services-context';

/** How far back a field's last value may lie for the picker to list it. */
const FIELDS_WITHIN = '3650d';
/** The picker lists at most this many matches; past it the user narrows the search. */
export const FIELDS_SHOWN = 5000;

export interface FieldList {
  fields: readonly string[];
  /** More fields match than are listed. */
  more: boolean;
  loading: boolean;
  error?: string;
}

/**
 * The stored fields holding `search` (any case), sorted, the first {@link FIELDS_SHOWN}: the
 * history service filters and cuts the list, so 50,000 fields never cross the wire at once.
 */
export function useFields(search: string): FieldList {
  const { services } = useConnection();
  const [list, setList] = useState<FieldList>({ fields: [], more: false, loading: true });
  useEffect(() => {
    let current = true;
    setList((previous) => ({ ...previous, loading: true }));
    const query = { duration: FIELDS_WITHIN, search: search.trim(), limit: FIELDS_SHOWN + 1 };
    dataOf(services.history.POST('/timeseries/fields', { body: query as HistorySchemas['FieldsQueryDto'] }))
      .then(
        (fields) =>
          current &&
          setList({ fields: fields.slice(0, FIELDS_SHOWN), more: fields.length > FIELDS_SHOWN, loading: false }),
      )
      .catch((error: Error) => current && setList({ fields: [], more: false, error: error.message, loading: false }));
    return () => {
      current = false;
    };
  }, [services, search]);
  return list;
}
