import { useEffect, useState } from 'preact/hooks';
import { followControllers } from '@eventcast/live-stream';
import { useConnection } from '../app/services-context';
import { applyControllerEvent, type Controllers } from './controller-list';

/**
 * The controllers on the bus, kept current by the controller stream, and whether the stream is
 * open; when the stream cannot open, the user is asked for the API token if that is why. With
 * `only`, the other controllers' events are dropped as they come: a page of one controller is
 * not drawn again for each event of the fleet.
 */
export function useControllers(only?: string): { controllers: Controllers; live: boolean } {
  const { services, stream } = useConnection();
  const [controllers, setControllers] = useState<Controllers>(new Map());
  const [live, setLive] = useState(false);
  useEffect(() => {
    let opened = false;
    return followControllers(stream, {
      onEvent: (event) => {
        if (only === undefined || event.key === only) setControllers((known) => applyControllerEvent(known, event));
      },
      onOpenChange: (open) => {
        setLive(open);
        opened ||= open;
        // A browser does not tell why a WebSocket was refused: one small call answers 401 for a
        // missing or wrong token, and its client asks the user for one.
        if (!opened) void services.history.POST('/timeseries/fields', { body: { limit: 1 } }).catch(() => undefined);
      },
    });
  }, [services, stream, only]);
  return { controllers, live };
}
