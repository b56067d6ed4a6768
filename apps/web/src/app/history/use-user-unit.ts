import { useEffect, useState } from 'preact/hooks';
import type { TemperatureUnit } from '@eventcast/block-model';
import { dataOf } from '../../services/api';
import { followDocuments } from '../../services/documents-feed';
import { useConnection } from '../services-context';
import { UNITS_ID, UNITS_NAMESPACE, unitsDocumentIn, userUnitIn } from './user-unit';

/**
 * The user's temperature unit, read from the datastore and kept current by its change events (read
 * again at each opening of the stream); degC until it is known, as the controllers assume.
 */
export function useUserUnit(): TemperatureUnit {
  const { services } = useConnection();
  const [unit, setUnit] = useState<TemperatureUnit>('degC');
  useEffect(() => {
    let current = true;
    // A read that a change event overtook answers with the older document: it is passed over.
    let changes = 0;
    const read = () => {
      const before = changes;
      dataOf(services.datastore.POST('/get', { body: { namespace: UNITS_NAMESPACE, id: UNITS_ID } })).then(
        ({ value }) => current && before === changes && setUnit(userUnitIn(value)),
        (error: Error) => console.warn(`The user's temperature unit could not be read: ${error.message}`),
      );
    };
    read();
    const stop = followDocuments(services.token, {
      onOpenChange: (open) => open && read(),
      onEvent: (event) => {
        const document = unitsDocumentIn(event);
        if (document === undefined) return;
        changes += 1;
        setUnit(userUnitIn(document));
      },
    });
    return () => {
      current = false;
      stop();
    };
  }, [services]);
  return unit;
}
