import { useEffect, useState } from 'preact/hooks';
import {
  temperatureUnitOf,
  UNITS_ID,
  UNITS_NAMESPACE,
  unitsDocumentIn,
  type TemperatureUnit,
} from '@eventcast/block-model';
import { dataOf } from '../../services/api';
import { followDocuments } from '../../services/documents-feed';
import { useConnection } from '../services-context';

/** How long after a failed read of the units document the page reads it again. */
const RETRY_MS = 5_000;

/**
 * The user's temperature unit, read from the datastore and kept current by its change events (read
 * again at each opening of the stream); degC until it is known, as the controllers assume.
 */
export function useUserUnit(): TemperatureUnit {
  const { services } = useConnection();
  const [unit, setUnit] = useState<TemperatureUnit>('degC');
  useEffect(() => {
    let current = true;
    let stop: (() => void) | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A read that a change event overtook answers with the older document: it is passed over.
    let changes = 0;
    const read = async () => {
      const before = changes;
      const { value } = await dataOf(
        services.datastore.POST('/get', { body: { namespace: UNITS_NAMESPACE, id: UNITS_ID } }),
      );
      if (current && before === changes) setUnit(temperatureUnitOf(value));
    };
    const warn = (error: Error) => console.warn(`The user's temperature unit could not be read: ${error.message}`);
    const follow = () =>
      followDocuments(services.token, {
        onOpenChange: (open) => open && void read().catch(warn),
        onEvent: (event) => {
          const document = unitsDocumentIn(event);
          if (document === undefined) return;
          changes += 1;
          setUnit(temperatureUnitOf(document));
        },
      });
    // The stream opens once a read has shown that the services take this token (or need none):
    // a page still waiting for its token opens no socket to be refused.
    const start = () =>
      read().then(
        () => {
          if (current) stop = follow();
        },
        (error: Error) => {
          warn(error);
          if (current) retry = setTimeout(() => void start(), RETRY_MS);
        },
      );
    void start();
    return () => {
      current = false;
      clearTimeout(retry);
      stop?.();
    };
  }, [services]);
  return unit;
}
