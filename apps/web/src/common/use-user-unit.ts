import { useEffect, useState } from 'preact/hooks';
import {
  temperatureUnitOf,
  UNITS_ID,
  UNITS_NAMESPACE,
  unitsDocumentIn,
  type TemperatureUnit,
} from '@eventcast/block-model';
import { followDocuments, type HistoryStream } from '@eventcast/live-stream';
import { dataOf, type Services } from '../services/api';
import { useConnection } from '../app/services-context';

/** How long after a failed read of the units document the page reads it again. */
const RETRY_MS = 5_000;

/** One follower of the units document per connection, shared by every component that reads the unit. */
interface SharedUnit {
  unit: TemperatureUnit;
  readers: Set<(unit: TemperatureUnit) => void>;
  stop: () => void;
}

const followers = new WeakMap<Services, SharedUnit>();

/**
 * The user's temperature unit, read from the datastore and kept current by its change events (read
 * again at each opening of the stream); degC until it is known, as the controllers assume. The
 * components that read it at once (a dashboard's graph and metrics widgets) share one read and one
 * stream.
 */
export function useUserUnit(): TemperatureUnit {
  const { services, stream } = useConnection();
  const [unit, setUnit] = useState<TemperatureUnit>(() => followers.get(services)?.unit ?? 'degC');
  useEffect(() => {
    let shared = followers.get(services);
    if (!shared) {
      const created: SharedUnit = { unit: 'degC', readers: new Set(), stop: () => undefined };
      created.stop = followUserUnit(services, stream, (next) => {
        created.unit = next;
        created.readers.forEach((reader) => reader(next));
      });
      followers.set(services, created);
      shared = created;
    }
    const own = shared;
    own.readers.add(setUnit);
    setUnit(own.unit);
    return () => {
      own.readers.delete(setUnit);
      if (own.readers.size > 0) return;
      own.stop();
      followers.delete(services);
    };
  }, [services, stream]);
  return unit;
}

/** Follows the user's temperature unit through `services` and `stream` until the function it returns is called. */
function followUserUnit(
  services: Services,
  stream: HistoryStream,
  setUnit: (unit: TemperatureUnit) => void,
): () => void {
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
    followDocuments(stream, {
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
}
