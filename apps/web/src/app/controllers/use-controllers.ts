import { useEffect, useState } from 'preact/hooks';
import { followControllers } from '../../services/controller-feed';
import { useConnection } from '../services-context';
import { applyControllerEvent, type Controllers } from './controller-list';

/** The controllers on the bus, kept current by the controller stream, and whether the stream is open. */
export function useControllers(): { controllers: Controllers; live: boolean } {
  const { services } = useConnection();
  const [controllers, setControllers] = useState<Controllers>(new Map());
  const [live, setLive] = useState(false);
  useEffect(
    () =>
      followControllers(services.token, {
        onEvent: (event) => setControllers((known) => applyControllerEvent(known, event)),
        onOpenChange: setLive,
      }),
    [services],
  );
  return { controllers, live };
}
