import { useEffect, useState } from 'preact/hooks';
import type { HistorySchemas } from '@eventcast/api-client';
import { dataOf } from '../services/api';
import { useConnection } from '../app/services-context';

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

/** How often the picker asks again, so that fields first stored after the page opened show. */
const FIELDS_REFRESH_MS = 5_000;

/**
 * The stored fields holding `search` (any case), sorted, the first {@link FIELDS_SHOWN}: the
 * history service filters and cuts the list, so 50,000 fields never cross the wire at once. It is
 * read again {@link FIELDS_REFRESH_MS} after each answer; an unchanged answer keeps the same list.
 */
export function useFields(search: string): FieldList {
  const { services } = useConnection();
  const [list, setList] = useState<FieldList>({ fields: [], more: false, loading: true });
  useEffect(() => {
    let current = true;
    setList((previous) => ({ ...previous, loading: true }));
    const query = { duration: FIELDS_WITHIN, search: search.trim(), limit: FIELDS_SHOWN + 1 };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = (): Promise<void> =>
      dataOf(services.history.POST('/timeseries/fields', { body: query as HistorySchemas['FieldsQueryDto'] }))
        .then((fields) => {
          if (!current) return;
          const shown = fields.slice(0, FIELDS_SHOWN);
          setList((previous) => ({
            fields: sameFields(previous.fields, shown) ? previous.fields : shown,
            more: fields.length > FIELDS_SHOWN,
            loading: false,
          }));
        })
        .catch((error: Error) => {
          if (current) setList({ fields: [], more: false, error: error.message, loading: false });
        })
        .finally(() => {
          // The next read waits for this one, so a slow service never has two at once.
          if (current) timer = setTimeout(() => void read(), FIELDS_REFRESH_MS);
        });
    void read();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [services, search]);
  return list;
}

function sameFields(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((field, i) => field === b[i]);
}
