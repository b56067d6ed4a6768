import { useEffect, useState } from 'preact/hooks';
import { followControllers } from '@eventcast/live-stream';
import type { ControllerView } from '../../../common/controller-list';
import { useConnection } from '../../services-context';
import { sharedFeeds } from './shared-feed';

const feeds = sharedFeeds(followControllers);

/** One controller as the widgets see it, and whether the controller stream is open. */
export interface SeenController {
  controller?: ControllerView;
  live: boolean;
}

/**
 * The controller `serviceId`, live from the controllers' feed that every widget of the page
 * shares; the widget draws again when this controller changes, not at each event of the fleet.
 */
export function useController(serviceId: string): SeenController {
  const { stream } = useConnection();
  const [seen, setSeen] = useState<SeenController>({ live: false });
  useEffect(
    () =>
      feeds.listen(stream, ({ controllers, live }) => {
        const controller = controllers.get(serviceId);
        setSeen((old) => (old.controller === controller && old.live === live ? old : { controller, live }));
      }),
    [stream, serviceId],
  );
  return seen;
}
